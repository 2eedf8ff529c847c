# label: ok
# flax-error: none
# class: 2 local MLP switched to model.eval() before being called in the raw lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, 256, rngs=rngs)
        self.dropout = nnx.Dropout(rate=0.5, rngs=rngs)
        self.linear2 = nnx.Linear(256, dout, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.dropout(self.linear1(x)))
        return self.linear2(x)


def main():
    model = MLP(10, 10, rngs=nnx.Rngs(0))
    model.eval()

    def scan_fn(carry, x):
        y = model(x)
        return carry + y.sum(), y

    total, ys = jax.lax.scan(scan_fn, 0.0, jnp.ones((10, 1, 10)))
    return None
