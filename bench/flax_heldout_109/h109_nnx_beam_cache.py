# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the KV cache lives in decoder.block.attn (nnx.MultiHeadAttention, decode=True); the scan body closes over the decoder and steps it
"""Beam search with an NNX decoder whose attention uses the built-in autoregressive cache,
decoded one position per iteration of a raw lax.scan; the cache follows the surviving beams."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax
from jax.lax import scan

VOCAB, DIM, MAX_LEN, BEAMS = 13, 16, 8, 3


class Block(nnx.Module):
    def __init__(self, rngs):
        self.attn = nnx.MultiHeadAttention(num_heads=2, in_features=DIM, qkv_features=DIM,
                                           decode=True, rngs=rngs)
        self.mlp = nnx.Linear(DIM, DIM, rngs=rngs)

    def __call__(self, x):
        x = x + self.attn(x, decode=True)
        return x + nnx.gelu(self.mlp(x))


class Decoder(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.block = Block(rngs)

    def __call__(self, tok):  # tok: (beams,)
        h = self.block(self.embed(tok)[:, None, :])
        return self.embed.attend(h[:, 0])


def reorder_cache(decoder, beam_idx):
    cache = nnx.state(decoder, nnx.Cache)
    nnx.update(decoder, jax.tree.map(lambda c: c[beam_idx] if c.ndim > 0 else c, cache))


def main():
    decoder = Decoder(nnx.Rngs(0))
    decoder.block.attn.init_cache((BEAMS, MAX_LEN, DIM))

    def beam_step(state, i):
        seqs, scores, last = state
        logits = decoder(last)
        cand = scores[:, None] + jax.nn.log_softmax(logits)
        top_scores, top_idx = lax.top_k(cand.reshape(-1), BEAMS)
        beam_idx, tok = top_idx // VOCAB, top_idx % VOCAB
        reorder_cache(decoder, beam_idx)
        seqs = seqs[beam_idx].at[:, i].set(tok)
        return (seqs, top_scores, tok), None

    init = (jnp.zeros((BEAMS, MAX_LEN), jnp.int32), jnp.array([0.0] + [-1e9] * (BEAMS - 1)),
            jnp.zeros((BEAMS,), jnp.int32))
    (seqs, scores, _), _ = scan(beam_step, init, jnp.arange(MAX_LEN))
    print(seqs[jnp.argmax(scores)])
    return None
