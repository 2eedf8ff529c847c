# label: same-values
# flax-error: none
# class: 5 make_mc_step(model, variables, rng) is a factory whose returned step closes over one dropout key; ChoirTracker scans that step for Monte-Carlo dropout draws
"""Choir pitch tracking: Monte-Carlo dropout draws of a pitch-class posterior for one audio frame."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class TrackerConfig:
    frame_size: int = 32
    pitch_bins: int = 24
    mc_samples: int = 6
    dropout_rate: float = 0.3


class PitchHead(nn.Module):
    pitch_bins: int
    dropout_rate: float

    @nn.compact
    def __call__(self, frame, *, deterministic: bool):
        h = nn.relu(nn.Dense(48)(frame))
        h = nn.Dropout(self.dropout_rate)(h, deterministic=deterministic)
        return nn.softmax(nn.Dense(self.pitch_bins)(h))


def make_mc_step(model, variables, rng):
    """Returns a scan step that draws one dropout sample of the posterior."""

    def step(frame, _):
        probs = model.apply(variables, frame, deterministic=False, rngs={"dropout": rng})
        return frame, probs

    return step


class ChoirTracker:
    def __init__(self, config, model, variables, rng):
        self.config = config
        self._step = make_mc_step(model, variables, rng)

    def posterior_samples(self, frame):
        _, draws = jax.lax.scan(self._step, frame, None, length=self.config.mc_samples)
        return draws


def main():
    cfg = TrackerConfig()
    model = PitchHead(cfg.pitch_bins, cfg.dropout_rate)
    frame = jnp.sin(jnp.linspace(0.0, 12.0, cfg.frame_size))
    variables = model.init(jax.random.PRNGKey(0), frame, deterministic=True)
    tracker = ChoirTracker(cfg, model, variables, jax.random.PRNGKey(11))
    return tracker.posterior_samples(frame)
