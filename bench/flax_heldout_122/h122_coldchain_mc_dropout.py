# label: same-values
# flax-error: none
# class: 5 a functools.partial(model.apply, variables, rngs={"dropout": key}) kept on UncertaintyEstimator is called in every scan step
"""Cold-chain vaccine logistics: Monte Carlo dropout estimate of the temperature excursion risk
for one pallet, one sample per scan step."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class ExcursionRisk(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, sensor_log, train: bool):
        h = nn.gelu(nn.Dense(self.hidden)(sensor_log))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class UncertaintyEstimator:
    def __init__(self, model, variables, key, samples):
        self.samples = samples
        self._predict = functools.partial(
            model.apply, variables, train=True, rngs={"dropout": key}
        )

    def sample_risk(self, sensor_log):
        def draw(carry, i):
            return carry, self._predict(sensor_log)

        _, draws = jax.lax.scan(draw, None, jnp.arange(self.samples))
        return draws


def main():
    model = ExcursionRisk()
    pallet = jax.random.normal(jax.random.key(0), (8, 12))  # cartons x hourly temperatures
    variables = model.init(jax.random.key(1), pallet, train=False)
    estimator = UncertaintyEstimator(model, variables, jax.random.key(2), samples=16)
    return estimator.sample_risk(pallet)
