# label: ok
# flax-error: none
# class: 4 BulletinService.forecaster() getter returns a RiskForecaster whose predict() runs model.apply (BatchNorm in train mode) inside the scan body
"""Avalanche risk forecasting: daily slab-instability scores for a set of stations over a season.

The running BatchNorm statistics travel through the scan carry and come back out of apply.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class SnowpackEncoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, obs, train: bool = False):
        h = nn.Dense(self.hidden, name="stratigraphy")(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        h = nn.relu(h)
        return nn.Dense(1, name="instability")(h)[..., 0]


class RiskForecaster:
    """Wraps a trained encoder; one instance is shared by every bulletin region."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def predict(self, batch_stats, obs):
        score, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, obs, train=True, mutable=["batch_stats"]
        )
        return score, updates["batch_stats"]


class BulletinService:
    def __init__(self, model, variables, decay=0.8):
        self._forecaster = RiskForecaster(model, variables)
        self.decay = decay

    def forecaster(self):
        return self._forecaster

    def season_scores(self, weather):
        def day(carry, obs):
            danger, stats = carry
            score, stats = self.forecaster().predict(stats, obs)
            danger = self.decay * danger + (1.0 - self.decay) * jnp.mean(score)
            return (danger, stats), score

        (danger, stats), scores = lax.scan(day, (jnp.zeros(()), self.forecaster().batch_stats), weather)
        self.forecaster().batch_stats = stats
        return danger, scores


def main():
    model = SnowpackEncoder()
    weather = jax.random.normal(jax.random.key(0), (10, 8, 5))  # days, stations, features
    variables = model.init(jax.random.key(1), weather[0])
    service = BulletinService(model, variables)
    danger, scores = service.season_scores(weather)
    jax.block_until_ready((danger, scores))
    return None
