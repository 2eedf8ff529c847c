# label: ok
# flax-error: none
# class: 3 a bound method of the outside decoder taken before the loop only reads the decoder in a raw while_loop body
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop

class Decoder(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(8, 8, rngs=rngs)

    def decode_step(self, h):
        return jnp.tanh(self.proj(h))

def generate(decoder, h0, n):
    step = decoder.decode_step
    def body(c):
        i, h = c
        return i + 1, step(h)
    return while_loop(lambda c: c[0] < n, body, (0, h0))[1]

def main():
    generate(Decoder(nnx.Rngs(0)), jnp.ones(8), 4)
