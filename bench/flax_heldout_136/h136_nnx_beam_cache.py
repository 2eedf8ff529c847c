# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 BeamSearcher.search scans and reaches the attention KV cache through self.model -> decoder -> attn
"""Beam search with an NNX decoder whose MultiHeadAttention runs in decode mode with a KV cache.

Modelled on NNX decoding questions: the cache is initialised with init_cache and the model is
called from the body of a raw lax.scan, so each step tries to write the cache of the outer model.
"""
import jax
import jax.numpy as jnp
from jax import lax
import flax.nnx as nnx

VOCAB, FEATURES, MAX_LEN, BEAM = 11, 16, 6, 3


class Decoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, FEATURES, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(num_heads=2, in_features=FEATURES, decode=True, rngs=rngs)
        self.out = nnx.Linear(FEATURES, VOCAB, rngs=rngs)

    def __call__(self, tokens):  # tokens: [beam]
        x = self.embed(tokens)[:, None, :]
        return self.out(self.attn(x)[:, 0])


class Translator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.decoder = Decoder(rngs)


class BeamSearcher:
    def __init__(self, model: Translator):
        self.model = model

    def search(self, tokens, scores):
        self.model.decoder.attn.init_cache((BEAM, MAX_LEN, FEATURES))

        def body(carry, _):
            tokens, scores = carry
            logp = jax.nn.log_softmax(self.model.decoder(tokens))
            scores, flat = lax.top_k((scores[:, None] + logp).reshape(-1), BEAM)
            tokens = flat % VOCAB
            return (tokens, scores), tokens

        (_, scores), seqs = lax.scan(body, (tokens, scores), None, length=MAX_LEN)
        return seqs, scores


def main():
    searcher = BeamSearcher(Translator(nnx.Rngs(0)))
    tokens = jnp.zeros((BEAM,), jnp.int32)
    scores = jnp.array([0.0] + [-1e9] * (BEAM - 1))
    seqs, scores = searcher.search(tokens, scores)
    seqs.block_until_ready()
    return None
