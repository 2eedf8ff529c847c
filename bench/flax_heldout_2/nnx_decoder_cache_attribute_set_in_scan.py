# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Decoder' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 NNX decoder method stores the last hidden state as a module attribute inside the scan
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Decoder(nnx.Module):
    def __init__(self, dim, rngs):
        self.cell = nnx.GRUCell(dim, dim, rngs=rngs)
        self.last_hidden = None

    def decode(self, h0, xs):
        def step(h, x):
            h, y = self.cell(h, x)
            self.last_hidden = h
            return h, y

        return jax.lax.scan(step, h0, xs)[1]


def main():
    dec = Decoder(4, nnx.Rngs(0))
    dec.decode(jnp.zeros((2, 4)), jnp.ones((5, 2, 4)))
    jnp.sum(dec.last_hidden)
    return None
