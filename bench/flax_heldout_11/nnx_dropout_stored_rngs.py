# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 nnx.Dropout holding its own Rngs, model bound before the loop, called in a lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.gelu(self.l1(x))))


def main():
    mlp = MLP(nnx.Rngs(params=0, dropout=1))
    f = mlp

    def body(x, _):
        y = f(x)
        return y, y

    _, ys = jax.lax.scan(body, jnp.ones((2, 3)), None, length=4)
    print(ys.shape)
    return None
