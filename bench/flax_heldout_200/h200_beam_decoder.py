# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 BeamSearcher.session.bound (model.bind(..., mutable=['cache'])) is stepped and reordered inside the while_loop body
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

    def reorder(self, parents):
        self.state.value = self.state.value[parents]


class DecoderSession:
    """Holds the decoder bound to its parameters and a live cache."""

    def __init__(self, model: TokenDecoder, variables):
        self.bound = model.bind(variables, mutable=["cache"])

    def step(self, tokens):
        return self.bound(tokens)

    def reorder(self, parents):
        self.bound.reorder(parents)

    def final_hidden(self):
        return self.bound.variables["cache"]["hidden"]


class BeamSearcher:
    def __init__(self, session: DecoderSession, config: BeamConfig):
        self.session = session
        self.config = config

    def search(self, bos: int):
        cfg = self.config

        def not_done(state):
            return state[0] < cfg.max_len

        def expand(state):
            i, tokens, scores, seqs = state
            total = scores[:, None] + self.session.step(tokens)
            top_scores, top_idx = lax.top_k(total.reshape(-1), cfg.beam_size)
            parents, new_tokens = top_idx // cfg.vocab, top_idx % cfg.vocab
            self.session.reorder(parents)
            seqs = seqs[parents].at[:, i].set(new_tokens)
            return i + 1, new_tokens, top_scores, seqs

        tokens = jnp.full((cfg.beam_size,), bos, jnp.int32)
        scores = jnp.full((cfg.beam_size,), -1e9).at[0].set(0.0)
        seqs = jnp.zeros((cfg.beam_size, cfg.max_len), jnp.int32)
        _, _, scores, seqs = lax.while_loop(not_done, expand, (0, tokens, scores, seqs))
        confidence = jnp.linalg.norm(self.session.final_hidden(), axis=-1)
        return seqs, scores, confidence


def main():
    cfg = BeamConfig()
    model = TokenDecoder(cfg)
    variables = model.init(jax.random.key(0), jnp.zeros((cfg.beam_size,), jnp.int32))
    searcher = BeamSearcher(DecoderSession(model, variables), cfg)
    seqs, scores, confidence = searcher.search(bos=1)
    print("best call sign", seqs[jnp.argmax(scores)], float(confidence.mean()))
    return None
