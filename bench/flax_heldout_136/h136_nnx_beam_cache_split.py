# label: ok
# flax-error: none
# class: 4 BeamSearcher.search splits self.model; the state holding decoder.attn's KV cache goes through the scan carry and is merged in the body
"""Beam search with an NNX decoder whose MultiHeadAttention runs in decode mode with a KV cache.

The model (with its cache) is split before the loop; the body merges it, decodes one step and
returns the new state, cache included, through the carry. nnx.update after the loop.
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
        graphdef, state = nnx.split(self.model)

        def body(carry, _):
            state, tokens, scores = carry
            model = nnx.merge(graphdef, state)
            logp = jax.nn.log_softmax(model.decoder(tokens))
            scores, flat = lax.top_k((scores[:, None] + logp).reshape(-1), BEAM)
            tokens = flat % VOCAB
            return (nnx.state(model), tokens, scores), tokens

        (state, _, scores), seqs = lax.scan(body, (state, tokens, scores), None, length=MAX_LEN)
        nnx.update(self.model, state)
        return seqs, scores


def main():
    searcher = BeamSearcher(Translator(nnx.Rngs(0)))
    tokens = jnp.zeros((BEAM,), jnp.int32)
    scores = jnp.array([0.0] + [-1e9] * (BEAM - 1))
    seqs, scores = searcher.search(tokens, scores)
    seqs.block_until_ready()
    return None
