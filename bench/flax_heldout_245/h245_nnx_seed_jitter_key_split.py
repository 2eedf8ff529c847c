# label: ok
# flax-error: none
# class: 3 a key from self.sampler.rngs is split into one key per draw before the scan, and the keys are scanned as xs
"""Viability forecast for stored accessions of the seed bank: a storage-ageing model is sampled
several times with jittered storage conditions to give a spread of expected germination."""

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

CONDITIONS = 4
DRAWS = 6


class AgeingSampler(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.decay = nnx.Linear(CONDITIONS, 1, rngs=rngs)
        self.rngs = rngs

    def germination(self, conditions):
        return jax.nn.sigmoid(self.decay(conditions))[..., 0]


class ViabilityForecaster:
    def __init__(self, sampler: AgeingSampler, jitter_scale: float = 0.1):
        self.sampler = sampler
        self.jitter_scale = jitter_scale

    def forecast(self, conditions, draws: int):
        draw_keys = jax.random.split(self.sampler.rngs.jitter(), draws)

        def one_draw(_, key_and_cond):
            key, cond = key_and_cond
            jitter = self.jitter_scale * jax.random.normal(key, cond.shape)
            return None, self.sampler.germination(cond + jitter)

        repeated = jnp.broadcast_to(conditions, (draws,) + conditions.shape)
        _, spread = lax.scan(one_draw, None, (draw_keys, repeated))
        return spread


def vault_conditions():
    return jnp.array([0.05, -18.0, 0.3, 1.0]) / 20.0


def main():
    sampler = AgeingSampler(nnx.Rngs(params=0, jitter=1))
    return ViabilityForecaster(sampler).forecast(vault_conditions(), DRAWS)
