# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 NNX MLP whose Dropout holds its own Rngs, called from a raw lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(10, 32, rngs=rngs)
        self.dropout = nnx.Dropout(rate=0.5, rngs=rngs)
        self.linear2 = nnx.Linear(32, 10, rngs=rngs)

    def __call__(self, x):
        return self.linear2(nnx.relu(self.dropout(self.linear1(x))))


def main():
    model = MLP(rngs=nnx.Rngs(0))

    def body(carry, x):
        return carry, model(x)

    _, ys = jax.lax.scan(body, None, jnp.ones((4, 1, 10)))
    return ys
