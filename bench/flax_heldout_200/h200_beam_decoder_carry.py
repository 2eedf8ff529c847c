# label: ok
# flax-error: none
# class: 4 BeamSearcher.session applies the decoder in the while_loop body with the 'cache' collection entering and leaving through the loop state
"""Beam search over candidate call-sign sequences for an air-traffic transcript decoder."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class BeamConfig:
    beam_size: int = 4
    max_len: int = 6
    vocab: int = 12
    hidden: int = 16


class TokenDecoder(nn.Module):
    config: BeamConfig

    def setup(self):
        cfg = self.config
        self.embed = nn.Embed(cfg.vocab, cfg.hidden)
        self.cell = nn.Dense(cfg.hidden)
        self.readout = nn.Dense(cfg.vocab)
        self.state = self.variable("cache", "hidden", jnp.zeros, (cfg.beam_size, cfg.hidden))

    def __call__(self, tokens):
        h = jnp.tanh(self.cell(self.state.value) + self.embed(tokens))
        self.state.value = h
        return jax.nn.log_softmax(self.readout(h))


class DecoderSession:
    """Holds the decoder and its parameters; the cache is passed in and handed back."""

    def __init__(self, model: TokenDecoder, variables):
        self.model = model
        self.params = variables["params"]
        self.initial_cache = variables["cache"]

    def step(self, cache, tokens):
        logp, updated = self.model.apply({"params": self.params, "cache": cache}, tokens, mutable=["cache"])
        return logp, updated["cache"]

    @staticmethod
    def reorder(cache, parents):
        return jax.tree.map(lambda leaf: leaf[parents], cache)


class BeamSearcher:
    def __init__(self, session: DecoderSession, config: BeamConfig):
        self.session = session
        self.config = config

    def search(self, bos: int):
        cfg = self.config

        def not_done(state):
            return state[0] < cfg.max_len

        def expand(state):
            i, tokens, scores, seqs, cache = state
            logp, cache = self.session.step(cache, tokens)
            total = scores[:, None] + logp
            top_scores, top_idx = lax.top_k(total.reshape(-1), cfg.beam_size)
            parents, new_tokens = top_idx // cfg.vocab, top_idx % cfg.vocab
            cache = self.session.reorder(cache, parents)
            seqs = seqs[parents].at[:, i].set(new_tokens)
            return i + 1, new_tokens, top_scores, seqs, cache

        tokens = jnp.full((cfg.beam_size,), bos, jnp.int32)
        scores = jnp.full((cfg.beam_size,), -1e9).at[0].set(0.0)
        seqs = jnp.zeros((cfg.beam_size, cfg.max_len), jnp.int32)
        state = (0, tokens, scores, seqs, self.session.initial_cache)
        _, _, scores, seqs, cache = lax.while_loop(not_done, expand, state)
        confidence = jnp.linalg.norm(cache["hidden"], axis=-1)
        return seqs, scores, confidence


def main():
    cfg = BeamConfig()
    model = TokenDecoder(cfg)
    variables = model.init(jax.random.key(0), jnp.zeros((cfg.beam_size,), jnp.int32))
    searcher = BeamSearcher(DecoderSession(model, variables), cfg)
    seqs, scores, confidence = searcher.search(bos=1)
    print("best call sign", seqs[jnp.argmax(scores)], float(confidence.mean()))
    return None
