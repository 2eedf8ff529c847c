# label: ok
# flax-error: none
# class: 1 the module method splits self.make_rng('swarm') into per-day keys before the scan and a mixin method turns each scanned key into noise
"""Swarm-risk simulator: daily swarming probability for a hive under weather noise."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class StochasticMixin:
    """Shared helpers for modules that perturb their inputs with the 'swarm' stream."""

    noise_scale = 0.5

    def _weather_noise(self, key, shape):
        return self.noise_scale * jax.random.normal(key, shape)


class SwarmRiskModel(StochasticMixin, nn.Module):
    days: int = 7

    @nn.compact
    def __call__(self, colony):
        score = nn.Dense(1, name="risk_head")
        score(colony)  # build the head's params before tracing the loop
        day_keys = jax.random.split(self.make_rng("swarm"), self.days)

        def day(carry, key):
            risk = nn.sigmoid(score(colony + self._weather_noise(key, colony.shape)))[..., 0]
            return carry, risk

        _, risks = scan(day, None, day_keys)
        return risks


def main():
    colony = jnp.array([[0.9, 0.2, 0.7], [0.4, 0.8, 0.1]])  # queen cells, congestion, nectar
    model = SwarmRiskModel()
    variables = model.init({"params": jax.random.key(0), "swarm": jax.random.key(1)}, colony)
    return model.apply(variables, colony, rngs={"swarm": jax.random.key(42)})
