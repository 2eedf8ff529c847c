# label: same-values
# flax-error: none
# class: 5 a factory returns a step function that closes over model.apply, the variables and one 'rain' key; the scan body calls it
"""Landslide early warning: a rainfall-ensemble sampler for a slope, drawing one
stochastic infiltration scenario per forecast step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class EnsembleSpec:
    members: int = 8
    seed: int = 21


class InfiltrationModel(nn.Module):
    @nn.compact
    def __call__(self, soil):
        base = nn.softplus(nn.Dense(1, name="permeability")(soil))[0]
        burst = jax.random.gamma(self.make_rng("rain"), 2.0)
        return base * burst


def make_rain_sampler(model, variables, spec: EnsembleSpec):
    key = jax.random.key(spec.seed)

    def sample(soil):
        return model.apply(variables, soil, rngs={"rain": key})

    return sample


class WarningPipeline:
    def __init__(self, sampler, spec):
        self.sampler = sampler
        self.spec = spec

    def scenarios(self, soil):
        def body(carry, _):
            return carry, self.sampler(soil)

        _, draws = lax.scan(body, None, None, length=self.spec.members)
        return draws


def main():
    spec = EnsembleSpec()
    model = InfiltrationModel()
    soil = jnp.array([0.35, 0.6, 12.0])  # moisture, clay fraction, slope degrees
    variables = model.init({"params": jax.random.key(0), "rain": jax.random.key(1)}, soil)
    pipeline = WarningPipeline(make_rain_sampler(model, variables, spec), spec)
    return pipeline.scenarios(soil)
