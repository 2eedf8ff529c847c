# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Decoder' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 NNX decoder caches the last hidden state with an attribute assignment in the body
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(dim, dim, rngs=rngs)
        self.last_hidden = None

    def __call__(self, xs):
        def step(h, x):
            h, y = self.cell(h, x)
            self.last_hidden = h
            return h, y

        h0 = jnp.zeros((xs.shape[1], xs.shape[2]))
        _, ys = jax.lax.scan(step, h0, xs)
        return ys


def main():
    dec = Decoder(4, nnx.Rngs(0))
    dec(jnp.ones((3, 2, 4)))
