# label: ok
# flax-error: none
# class: 4 each GenerationSession in MusicGenerationService.pool holds a bound pattern sampler and a key; the service splits the key outside the scan and feeds one key per step
"""Music generation: a service keeps a pool of sessions, each sampling drum hits step by step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ServiceConfig:
    style_dim: int = 8
    voices: int = 8
    steps: int = 8


class DrumPatternSampler(nn.Module):
    voices: int

    @nn.compact
    def __call__(self, style):
        return nn.Dense(self.voices)(style)

    def sample(self, style, key):
        probs = nn.sigmoid(self(style))
        return jax.random.bernoulli(key, probs).astype(jnp.int32)


class GenerationSession:
    def __init__(self, model, params, seed):
        self.decoder = model.bind(params)
        self.key = jax.random.key(seed)


class MusicGenerationService:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = DrumPatternSampler(cfg.voices)
        self.params = self.model.init(jax.random.key(0), jnp.zeros(cfg.style_dim))
        self.pool = {}

    def open_session(self, session_id, seed):
        self.pool[session_id] = GenerationSession(self.model, self.params, seed)

    def generate(self, session_id, style):
        session = self.pool[session_id]
        session.key, draw = jax.random.split(session.key)
        step_keys = jax.random.split(draw, self.cfg.steps)

        def tick(bar_pos, key):
            hits = self.pool[session_id].decoder.sample(style, key)
            return bar_pos + 1, hits

        _, pattern = lax.scan(tick, 0, step_keys)
        return pattern


def main():
    cfg = ServiceConfig()
    service = MusicGenerationService(cfg)
    service.open_session("studio-a", seed=11)
    style = jnp.zeros(cfg.style_dim)
    return service.generate("studio-a", style)
