# label: ok
# flax-error: none
# class: 4 a head-registry factory lazily builds and caches an nnx.Linear per keyword set; the spotter fetches its head when constructed, so the while_loop body only reads it
"""Streaming keyword spotting with a shared acoustic encoder and per-product keyword heads.

Audio arrives in fixed-size frames; the streaming loop keeps a running encoder state and
stops early once the wake word is confidently detected. Keyword heads are created on
demand for each product's keyword set and shared between the streaming and offline paths.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class KWSConfig:
    frame: int = 10
    hidden: int = 12
    max_frames: int = 6
    threshold: float = 0.9


_HEADS = {}


def keyword_head(keywords, hidden, seed=0):
    if keywords not in _HEADS:
        _HEADS[keywords] = nnx.Linear(hidden, len(keywords) + 1, rngs=nnx.Rngs(seed))
    return _HEADS[keywords]


class StreamingEncoder(nnx.Module):
    def __init__(self, cfg: KWSConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.inp = nnx.Linear(cfg.frame, cfg.hidden, rngs=rngs)
        self.rec = nnx.Linear(cfg.hidden, cfg.hidden, use_bias=False, rngs=rngs)

    def __call__(self, state, frame):
        return jnp.tanh(self.inp(frame) + self.rec(state))


class Spotter:
    def __init__(self, encoder, keywords, cfg):
        self.encoder, self.keywords, self.cfg = encoder, keywords, cfg
        self.head = keyword_head(keywords, cfg.hidden)

    def _posterior(self, state):
        return jax.nn.softmax(self.head(state))

    def _listening(self, carry):
        t, _, best = carry
        return (t < self.cfg.max_frames) & (best < self.cfg.threshold)

    def _consume(self, audio):
        def step(carry):
            t, state, best = carry
            state = self.encoder(state, audio[t])
            return t + 1, state, jnp.maximum(best, self._posterior(state)[1:].max())
        return step

    def stream(self, audio):
        init = (0, jnp.zeros(self.cfg.hidden), jnp.zeros(()))
        return jax.lax.while_loop(self._listening, self._consume(audio), init)


def main():
    cfg = KWSConfig()
    encoder = StreamingEncoder(cfg, nnx.Rngs(0))
    spotter = Spotter(encoder, ("hey_unit", "stop"), cfg)
    audio = jnp.sin(jnp.arange(cfg.max_frames * cfg.frame, dtype=jnp.float32) * 0.3).reshape(cfg.max_frames, cfg.frame)
    frames_used, state, best = spotter.stream(audio)
    offline = spotter._posterior(state)
    print("frames", int(frames_used), "best", float(best), "offline posterior", offline)
    return None
