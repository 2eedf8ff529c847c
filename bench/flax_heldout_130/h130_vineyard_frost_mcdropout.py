# label: same-values
# flax-error: none
# class: 5 functools.partial(model.apply, variables, rngs={"dropout": key}) kept on the estimator is called in the scan body
"""Vineyard frost protection: a Monte-Carlo-dropout estimator gives the spread of the frost
risk for a block of vines before the wind machines are started."""
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


class FrostRiskNet(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, weather):
        h = nn.relu(nn.Dense(16)(weather))
        h = nn.Dropout(self.rate, deterministic=False)(h)
        return nn.sigmoid(nn.Dense(1)(h))[0]


class MCDropoutEstimator:
    def __init__(self, model, variables, key, samples=6):
        self.samples = samples
        self._forward = functools.partial(model.apply, variables, rngs={"dropout": key})

    def sample_risk(self, weather):
        def draw(carry, _):
            return carry, self._forward(weather)

        _, risks = jax.lax.scan(draw, None, None, length=self.samples)
        return risks


class WindMachineScheduler:
    def __init__(self, estimator, threshold=0.6):
        self.estimator = estimator
        self.threshold = threshold

    def decide(self, weather):
        risks = self.estimator.sample_risk(weather)
        return risks, jnp.mean(risks > self.threshold)


def main():
    model = FrostRiskNet()
    weather = jnp.array([-1.5, 0.8, 0.2, 3.0, 0.9])  # temperature, humidity, wind, cloud, dew point
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, weather)
    estimator = MCDropoutEstimator(model, variables, jax.random.key(2))
    risks, start_fraction = WindMachineScheduler(estimator).decide(weather)
    print(start_fraction)
    return risks
