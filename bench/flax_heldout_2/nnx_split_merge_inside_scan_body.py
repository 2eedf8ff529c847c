# label: ok
# flax-error: none
# class: 3 functional NNX: nnx.split outside, nnx.merge in the raw scan body, state carried
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyCell(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 4, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, h):
        return self.drop(jnp.tanh(self.lin(h)))


def main():
    graphdef, state = nnx.split(NoisyCell(nnx.Rngs(params=0, dropout=1)))

    def body(carry, _):
        state, h = carry
        cell = nnx.merge(graphdef, state)
        h = cell(jnp.ones_like(h))
        _, state = nnx.split(cell)
        return (state, h), h

    _, hs = jax.lax.scan(body, (state, jnp.ones((4,))), None, length=5)
    return hs
