# label: same-values
# flax-error: none
# class: 4 each GenerationSession in MusicGenerationService.pool holds a pattern sampler bound with a fixed 'sample' rng; the scan body reaches it through service -> pool -> session
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

    def sample(self, style):
        probs = nn.sigmoid(self(style))
        return jax.random.bernoulli(self.make_rng("sample"), probs).astype(jnp.int32)


class GenerationSession:
    def __init__(self, model, params, seed):
        self.decoder = model.bind(params, rngs={"sample": jax.random.key(seed)})


class MusicGenerationService:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = DrumPatternSampler(cfg.voices)
        self.params = self.model.init(jax.random.key(0), jnp.zeros(cfg.style_dim))
        self.pool = {}

    def open_session(self, session_id, seed):
        self.pool[session_id] = GenerationSession(self.model, self.params, seed)

    def generate(self, session_id, style):
        def tick(bar_pos, _):
            hits = self.pool[session_id].decoder.sample(style)
            return bar_pos + 1, hits

        _, pattern = lax.scan(tick, 0, None, length=self.cfg.steps)
        return pattern


def main():
    cfg = ServiceConfig()
    service = MusicGenerationService(cfg)
    service.open_session("studio-a", seed=11)
    style = jnp.zeros(cfg.style_dim)
    return service.generate("studio-a", style)
