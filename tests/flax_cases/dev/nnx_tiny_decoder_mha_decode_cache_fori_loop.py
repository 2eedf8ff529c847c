# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a fori_loop body calls the outside decoder, whose `nnx.MultiHeadAttention(..., decode=True)` writes its initialised cache each step
import jax
import jax.numpy as jnp
from flax import nnx

class TinyDecoder(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(13, 16, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(2, 16, decode=True, rngs=rngs)

    def __call__(self, tok):
        return self.attn(self.embed(tok)[:, None, :])[:, 0]

def generate(decoder, tok0):
    def body(i, tok):
        return jnp.argmax(decoder(tok), -1)
    return jax.lax.fori_loop(0, 6, body, tok0)

def main():
    decoder = TinyDecoder(nnx.Rngs(0))
    decoder.attn.init_cache((2, 6, 16))
    generate(decoder, jnp.zeros((2,), jnp.int32))
