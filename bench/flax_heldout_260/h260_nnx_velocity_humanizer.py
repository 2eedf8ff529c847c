# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body draws keys from VelocityHumanizer.rngs and calls VelocityHumanizer.model, attributes of the humanizer
"""Symbolic music: humanize MIDI note velocities for a quantized drum part."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class VelocityModel(nnx.Module):
    """Predicts a mean velocity and a spread for each hit from its groove features."""

    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_features, 16, rngs=rngs)
        self.mean = nnx.Linear(16, 1, rngs=rngs)
        self.log_spread = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, feats):
        h = nnx.relu(self.body(feats))
        return 80.0 + 20.0 * self.mean(h)[..., 0], jnp.exp(self.log_spread(h)[..., 0])


class VelocityHumanizer:
    def __init__(self, model: VelocityModel, seed: int):
        self.model = model
        self.rngs = nnx.Rngs(sample=seed)

    def takes(self, groove_feats, n_takes: int):
        def one_take(take_idx, _):
            mu, spread = self.model(groove_feats)
            noise = jax.random.normal(self.rngs.sample(), mu.shape)
            velocity = jnp.clip(mu + 6.0 * spread * noise, 1.0, 127.0)
            return take_idx + 1, velocity

        _, velocities = lax.scan(one_take, 0, None, length=n_takes)
        return velocities


def groove_features(n_hits=8):
    beat_pos = jnp.arange(n_hits) % 4
    return jnp.stack([beat_pos == 0, beat_pos == 2, beat_pos % 2 == 1, jnp.ones(n_hits)], axis=-1).astype(jnp.float32)


def main():
    humanizer = VelocityHumanizer(VelocityModel(4, nnx.Rngs(0)), seed=17)
    return humanizer.takes(groove_features(), n_takes=5)
