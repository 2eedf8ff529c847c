# label: same-values
# flax-error: none
# class: 1 MeltEmulator.__call__ runs the yearly scan itself and calls self.make_rng('weather') inside the scan body
"""Glacier mass-balance emulator: a learned melt response driven by stochastic weather years."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


class MeltEmulator(nn.Module):
    years: int = 6

    @nn.compact
    def __call__(self, thickness):
        melt_head = nn.Dense(thickness.shape[-1], name="melt_head")
        temp_scale = self.param("temp_scale", nn.initializers.constant(0.3), ())
        melt_head(thickness)

        def year(ice, _):
            anomaly = temp_scale * jax.random.normal(self.make_rng("weather"), ice.shape)
            melt = nn.softplus(melt_head(ice + anomaly))
            return jnp.maximum(ice - 0.1 * melt, 0.0), anomaly

        _, anomalies = jax.lax.scan(year, thickness, None, length=self.years)
        return anomalies


@dataclass(frozen=True)
class Scenario:
    name: str
    seed: int


class EnsembleRunner:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, scenario, thickness):
        rngs = {"weather": jax.random.key(scenario.seed)}
        return self.model.apply(self.variables, thickness, rngs=rngs)


def main():
    model = MeltEmulator()
    thickness = jnp.linspace(50.0, 120.0, 8)
    variables = model.init({"params": jax.random.key(0), "weather": jax.random.key(1)}, thickness)
    runner = EnsembleRunner(model, variables)
    return runner.run(Scenario("rcp45", seed=7), thickness)
