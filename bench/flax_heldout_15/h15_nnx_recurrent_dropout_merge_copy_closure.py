# label: same-values
# flax-error: none
# class: 3 graphdef/state split outside; the scan body rebuilds the model with nnx.merge(..., copy=True) from the closed-over state
import jax
import jax.numpy as jnp
from flax import nnx


class DropoutRNNStep(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.cell = nnx.SimpleCell(features, features, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, h, x):
        h, y = self.cell(h, x)
        return h, self.dropout(y)


def main():
    model = DropoutRNNStep(8, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(model)
    xs = jnp.ones((6, 8))

    def body(h, x):
        step = nnx.merge(graphdef, state, copy=True)
        h, y = step(h, x)
        mask = (y != 0).astype(jnp.float32)
        return h, mask

    _, masks = jax.lax.scan(body, jnp.zeros((8,)), xs)
    return masks
