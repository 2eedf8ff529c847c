# label: ok
# flax-error: none
# class: 4 the stop scorer reaches the while_loop body through service.sampler.model; the Gumbel key from service.sampler.config is threaded through the carry and split at every iteration
"""Alternative route proposals for disrupted delivery tours (road closures, missed slots)."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class StopScorer(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, stops):
        return self.score(stops)[..., 0]


@dataclass(frozen=True)
class ProposalConfig:
    proposals: int
    temperature: float
    key: jax.Array


class GumbelTourSampler:
    def __init__(self, model: StopScorer, config: ProposalConfig):
        self.model = model
        self.config = config


class RerouteService:
    def __init__(self, sampler: GumbelTourSampler):
        self.sampler = sampler

    def propose(self, stops):
        n = self.sampler.config.proposals
        tours = jnp.zeros((n, stops.shape[0]), jnp.int32)

        def more(carry):
            i, _, _ = carry
            return i < n

        def draw(carry):
            i, key, tours = carry
            key, sub = jax.random.split(key)
            logits = self.sampler.model(stops) / self.sampler.config.temperature
            noise = jax.random.gumbel(sub, logits.shape)
            return i + 1, key, tours.at[i].set(jnp.argsort(-(logits + noise)))

        _, _, tours = while_loop(more, draw, (0, self.sampler.config.key, tours))
        return tours


def main():
    k_stops, k_gumbel = jax.random.split(jax.random.key(59))
    stops = jax.random.uniform(k_stops, (7, 4))  # lat, lon, slot end, closure flag
    sampler = GumbelTourSampler(StopScorer(4, rngs=nnx.Rngs(0)), ProposalConfig(4, 0.5, k_gumbel))
    return RerouteService(sampler).propose(stops)
