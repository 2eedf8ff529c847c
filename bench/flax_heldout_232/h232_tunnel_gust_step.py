# label: same-values
# flax-error: none
# class: 3 GustStep keeps the bound GustField module as an attribute and draws make_rng('gust') from it in __call__, the scan body
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
    def __init__(self, field_module, intensity: float):
        self.field_module = field_module
        self.intensity = intensity

    @classmethod
    def from_profile(cls, field_module, profile: GustProfile):
        return cls(field_module, profile.intensity)

    def __call__(self, carry, inflow):
        key = self.field_module.make_rng("gust")
        gust = self.intensity * jax.random.normal(key, inflow.shape)
        return carry, inflow + gust


class GustField(nn.Module):
    profile: GustProfile

    @nn.compact
    def __call__(self, inflow):
        shaped = nn.Dense(self.profile.ports, name="contraction")(inflow)
        step = GustStep.from_profile(self, self.profile)
        repeated = jnp.broadcast_to(shaped, (self.profile.samples,) + shaped.shape)
        _, velocities = lax_scan(step, None, repeated)
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
