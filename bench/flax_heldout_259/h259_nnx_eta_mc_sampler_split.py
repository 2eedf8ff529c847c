# label: ok
# flax-error: none
# class: 5 functools.partial binds the ETA model into the scan body; keys split from the sampler's dropout seed before the loop are scanned as xs and each builds that step's nnx.Rngs
"""Monte-Carlo dropout spread of parcel delivery ETAs for the customer notification service."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class EtaNet(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(features, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x, *, rngs: nnx.Rngs | None = None):
        h = self.drop(nnx.relu(self.inp(x)), rngs=rngs)
        return nnx.softplus(self.out(h))[..., 0]


@dataclass(frozen=True)
class SamplerSettings:
    draws: int = 5
    dropout_seed: int = 1234


def _mc_draw(model: EtaNet, parcels, carry, key):
    rngs = nnx.Rngs(dropout=key)
    return carry, model(parcels, rngs=rngs)


class EtaSpreadSampler:
    def __init__(self, model: EtaNet, settings: SamplerSettings):
        self.model = model
        self.settings = settings

    def draws(self, parcels):
        body = functools.partial(_mc_draw, self.model, parcels)
        keys = jax.random.split(jax.random.key(self.settings.dropout_seed), self.settings.draws)
        _, etas = lax.scan(body, None, keys)
        return etas


class NotificationService:
    def __init__(self, sampler: EtaSpreadSampler):
        self.sampler = sampler

    def eta_window(self, parcels):
        etas = self.sampler.draws(parcels)
        return etas, jnp.percentile(etas, 10, axis=0), jnp.percentile(etas, 90, axis=0)


def main():
    parcels = jax.random.uniform(jax.random.key(47), (4, 5))  # distance, stops ahead, hour, weekday, van load
    model = EtaNet(5, 16, rngs=nnx.Rngs(params=0))
    service = NotificationService(EtaSpreadSampler(model, SamplerSettings()))
    etas, _, _ = service.eta_window(parcels)
    return etas
