# label: ok
# flax-error: none
# class: 2 greedy decoding: the decoder is split outside, only its cache state is carried through the raw lax.fori_loop and merged inside, and the final state is written back
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
    graphdef, cache, rest = nnx.split(decoder, nnx.Cache, ...)

    def body(i, state):
        cache, tok, out = state
        dec = nnx.merge(graphdef, cache, rest)
        tok = jnp.argmax(dec(tok), -1)
        return nnx.state(dec, nnx.Cache), tok, out.at[:, i].set(tok)

    init = (cache, tok0, jnp.zeros((tok0.shape[0], MAX_LEN), jnp.int32))
    cache, _, toks = jax.lax.fori_loop(0, MAX_LEN, body, init)
    nnx.update(decoder, cache)
    return toks


def main():
    decoder = TinyDecoder(nnx.Rngs(0))
    decoder.attn.init_cache((2, MAX_LEN, D))
    toks = generate(decoder, jnp.zeros((2,), jnp.int32))
    jax.block_until_ready(toks)
    return None
