# label: ok
# flax-error: none
# class: 1 lifted nnx.scan carries the decoder cell module itself and scans over time
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, dim, rngs):
        self.cell = nnx.GRUCell(dim, dim, rngs=rngs)
        self.readout = nnx.Linear(dim, dim, rngs=rngs)


def main():
    dec = Decoder(6, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (10, 2, 6))
    h0 = jnp.zeros((2, 6))

    @nnx.scan(in_axes=(nnx.Carry, None, 0), out_axes=(nnx.Carry, 0))
    def unroll(h, model, x):
        h, y = model.cell(h, x)
        return h, model.readout(y)

    h, ys = unroll(h0, dec, xs)
    ys.block_until_ready()
    return None
