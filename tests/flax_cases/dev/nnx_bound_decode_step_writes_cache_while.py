# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a bound method of the outside decoder taken before the loop (`step = decoder.decode_step`) writes its nnx.Cache in a raw while_loop body
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop

class CachedDecoder(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.Linear(8, 8, rngs=rngs)
        self.pos = nnx.Cache(jnp.array(0))

    def decode_step(self, h):
        self.pos[...] = self.pos[...] + 1
        return jnp.tanh(self.proj(h))

def generate(decoder, h0, n):
    step = decoder.decode_step
    def body(c):
        i, h = c
        return i + 1, step(h)
    return while_loop(lambda c: c[0] < n, body, (0, h0))[1]

def main():
    generate(CachedDecoder(nnx.Rngs(0)), jnp.ones(8), 4)
