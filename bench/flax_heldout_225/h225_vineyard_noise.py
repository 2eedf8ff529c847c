# label: same-values
# flax-error: none
# class: 3 the 'sensor' rng reaches the scan body as FrostEnsembleEvaluator.noise_key, passed to model.apply in every member
"""Vineyard frost protection: an ensemble of perturbed frost-risk forecasts for tonight's blocks."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class EnsembleSpec:
    members: int = 6
    blocks: int = 5
    sensor_sigma: float = 0.4


class FrostRisk(nn.Module):
    sigma: float

    @nn.compact
    def __call__(self, readings):
        jitter = self.sigma * jax.random.normal(self.make_rng("sensor"), readings.shape)
        h = nn.swish(nn.Dense(12, name="canopy")(readings + jitter))
        return nn.sigmoid(nn.Dense(1, name="risk")(h))[..., 0]


class FrostEnsembleEvaluator:
    def __init__(self, model, variables, spec: EnsembleSpec, noise_key):
        self.model = model
        self.variables = variables
        self.spec = spec
        self.noise_key = noise_key

    def member_risk(self, readings, member):
        return self.model.apply(self.variables, readings, rngs={"sensor": self.noise_key})

    def run(self, readings):
        def member_step(worst, member):
            risk = self.member_risk(readings, member)
            return jnp.maximum(worst, risk), risk

        _, risks = jax.lax.scan(member_step, jnp.zeros((self.spec.blocks,)), jnp.arange(self.spec.members))
        return risks


def main():
    spec = EnsembleSpec()
    model = FrostRisk(spec.sensor_sigma)
    readings = jnp.linspace(-3.0, 4.0, spec.blocks * 4).reshape(spec.blocks, 4)
    variables = model.init({"params": jax.random.key(0), "sensor": jax.random.key(1)}, readings)
    evaluator = FrostEnsembleEvaluator(model, variables, spec, noise_key=jax.random.key(2024))
    return evaluator.run(readings)
