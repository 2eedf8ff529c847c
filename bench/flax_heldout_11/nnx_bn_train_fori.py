# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 nnx.BatchNorm in train mode (model passed as argument) called in a fori_loop body
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(8, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.fc(x)))


def refine(model, x, n=3):
    def body(i, h):
        return model(h)
    return jax.lax.fori_loop(0, n, body, x)


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    x = jnp.ones((4, 8))
    print(refine(model, x).shape)
    return None
