# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an NNX model with BatchNorm in train mode is closed over by a raw fori_loop body
"""'BatchNorm running stats not updating in fori_loop' (NNX): warm-up of BatchNorm statistics."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(5, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    data = jax.random.normal(jax.random.PRNGKey(1), (6, 32, 5))

    def body(i, acc):
        return acc + model(data[i]).mean()

    jax.lax.fori_loop(0, data.shape[0], body, 0.0)
    model.eval()
    print(model.bn.mean.value)
    return None
