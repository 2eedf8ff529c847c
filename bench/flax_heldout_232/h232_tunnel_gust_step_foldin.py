# label: ok
# flax-error: none
# class: 3 GustStep keeps one make_rng('gust') key as an attribute and folds the sample index into it in __call__, the scan body
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan as lax_scan


@dataclasses.dataclass(frozen=True)
class GustProfile:
    intensity: float = 0.15
    samples: int = 5
    ports: int = 4


class GustStep:
    def __init__(self, key, intensity: float):
        self.key = key
        self.intensity = intensity

    @classmethod
    def from_profile(cls, key, profile: GustProfile):
        return cls(key, profile.intensity)

    def __call__(self, carry, sample):
        index, inflow = sample
        key = jax.random.fold_in(self.key, index)
        gust = self.intensity * jax.random.normal(key, inflow.shape)
        return carry, inflow + gust


class GustField(nn.Module):
    profile: GustProfile

    @nn.compact
    def __call__(self, inflow):
        shaped = nn.Dense(self.profile.ports, name="contraction")(inflow)
        step = GustStep.from_profile(self.make_rng("gust"), self.profile)
        repeated = jnp.broadcast_to(shaped, (self.profile.samples,) + shaped.shape)
        indices = jnp.arange(self.profile.samples)
        _, velocities = lax_scan(step, None, (indices, repeated))
        return velocities


class TunnelRun:
    def __init__(self, profile: GustProfile):
        self.profile = profile
        self.field = GustField(profile)

    def sample(self, seed: int = 0):
        inflow = jnp.linspace(8.0, 12.0, self.profile.ports)
        variables = self.field.init({"params": jax.random.key(seed), "gust": jax.random.key(seed + 1)}, inflow)
        return self.field.apply(variables, inflow, rngs={"gust": jax.random.key(seed + 2)})


def main():
    run = TunnelRun(GustProfile())
    velocities = run.sample()
    return velocities
