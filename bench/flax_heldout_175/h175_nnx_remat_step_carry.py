# label: ok
# flax-error: none
# class: 5 a jax.checkpoint-wrapped step is the scan body; the NNX model with BatchNorm is split and its state rides in the carry
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
    graphdef, state = nnx.split(model)

    @jax.checkpoint
    def step(carry, _):
        h, state = carry
        block = nnx.merge(graphdef, state)
        h = block(h)
        return (h, nnx.state(block)), None

    (h, state), _ = jax.lax.scan(step, (x, state), None, length=steps)
    nnx.update(model, state)
    return h


def main():
    model = RefineBlock(6, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (8, 6))
    out = refine(model, x, steps=4)
    print(out.shape, model.norm.mean[...])
    return None


if __name__ == "__main__":
    main()
