# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 greedy decoding: the raw lax.fori_loop body calls the outside decoder, whose nnx.MultiHeadAttention writes its KV cache Variables
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, D, MAX_LEN = 13, 16, 6


class TinyDecoder(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(2, D, decode=True, rngs=rngs)
        self.head = nnx.Linear(D, VOCAB, rngs=rngs)

    def __call__(self, tok):
        x = self.embed(tok)[:, None, :]
        return self.head(self.attn(x)[:, 0])


def generate(decoder, tok0):
    def body(i, state):
        tok, out = state
        tok = jnp.argmax(decoder(tok), -1)
        return tok, out.at[:, i].set(tok)

    return jax.lax.fori_loop(0, MAX_LEN, body, (tok0, jnp.zeros((tok0.shape[0], MAX_LEN), jnp.int32)))[1]


def main():
    decoder = TinyDecoder(nnx.Rngs(0))
    decoder.attn.init_cache((2, MAX_LEN, D))
    toks = generate(decoder, jnp.zeros((2,), jnp.int32))
    jax.block_until_ready(toks)
    return None
