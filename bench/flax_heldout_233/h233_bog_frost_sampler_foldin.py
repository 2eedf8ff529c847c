# label: ok
# flax-error: none
# class: 3 the scan body applies the sampler's `model` and `variables` attributes with the sampler's `key` folded with the night index
"""Cranberry bog frost protection: samples nightly frost risk per bed to plan sprinkler runs."""
from __future__ import annotations

from dataclasses import dataclass, replace

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class FrostRisk(nn.Module):
    beds: int = 4

    @nn.compact
    def __call__(self, canopy_temp, spread: float):
        shift = nn.Dense(self.beds, name="microclimate")(canopy_temp)
        weather = spread * jax.random.normal(self.make_rng("weather"), shift.shape)
        return nn.sigmoid(-(canopy_temp + shift + weather))


@dataclass(frozen=True)
class SamplerSpec:
    seed: int = 0
    nights: int = 3
    spread: float = 1.0


class FrostSampler:
    def __init__(self, model: FrostRisk, variables, spec: SamplerSpec):
        self.model = model
        self.variables = variables
        self.spec = spec
        self.key = jax.random.key(spec.seed)

    @classmethod
    def configure(cls) -> "SamplerBuilder":
        return SamplerBuilder()

    def night_key(self, index):
        return jax.random.fold_in(self.key, index)

    def sample(self, canopy_temp):
        def night(carry, index):
            risk = self.model.apply(
                self.variables, canopy_temp, self.spec.spread, rngs={"weather": self.night_key(index)}
            )
            return carry + (risk > 0.5).sum(), risk

        alerts, risk = scan(night, jnp.zeros((), jnp.int32), jnp.arange(self.spec.nights))
        return alerts, risk


class SamplerBuilder:
    def __init__(self):
        self._spec = SamplerSpec()

    def with_seed(self, seed: int) -> "SamplerBuilder":
        self._spec = replace(self._spec, seed=seed)
        return self

    def with_nights(self, nights: int) -> "SamplerBuilder":
        self._spec = replace(self._spec, nights=nights)
        return self

    def with_spread(self, spread: float) -> "SamplerBuilder":
        self._spec = replace(self._spec, spread=spread)
        return self

    def build(self, model: FrostRisk, sample) -> FrostSampler:
        variables = model.init(
            {"params": jax.random.key(100), "weather": jax.random.key(101)}, sample, self._spec.spread
        )
        return FrostSampler(model, variables, self._spec)


def main():
    canopy_temp = jnp.array([1.5, -0.5, 0.2, 2.0])
    sampler = (
        FrostSampler.configure().with_seed(7).with_nights(5).with_spread(0.8).build(FrostRisk(), canopy_temp)
    )
    _, risk = sampler.sample(canopy_temp)
    return risk
