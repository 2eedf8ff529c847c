# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a jax.checkpoint-wrapped step closes over the NNX model with BatchNorm and is the scan body
"""Memory-saving unrolled refinement: apply a BatchNorm'd NNX block T times, each step checkpointed."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RefineBlock(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, rngs=rngs)

    def __call__(self, x):
        return x + nnx.relu(self.norm(self.lin(x)))


def refine(model, x, steps):
    @jax.checkpoint
    def step(h, _):
        return model(h), None

    h, _ = jax.lax.scan(step, x, None, length=steps)
    return h


def main():
    model = RefineBlock(6, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (8, 6))
    out = refine(model, x, steps=4)
    print(out.shape, model.norm.mean[...])
    return None


if __name__ == "__main__":
    main()
