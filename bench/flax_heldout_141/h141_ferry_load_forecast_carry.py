# label: ok
# flax-error: none
# class: 4 a LoadEstimator held by a CrossingPlanner dataclass applies the model with mutable=["batch_stats"]; the statistics travel in the scan carry and are stored back after the loop
"""River-ferry crossing planner: forecasts the vehicle load of each crossing slot and tracks the
backlog left on the bank. The batch statistics are threaded through the scan carry."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class LoadNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))


class LoadEstimator:
    """Online estimator: normalisation statistics follow the traffic of the day."""

    def __init__(self, model: nn.Module, variables):
        self._model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def forecast(self, batch_stats, features):
        out, updates = self._model.apply(
            {"params": self.params, "batch_stats": batch_stats}, features, train=True,
            mutable=["batch_stats"])
        return out[..., 0], updates["batch_stats"]

    def running_mean(self):
        return self.batch_stats["BatchNorm_0"]["mean"]


@dataclasses.dataclass
class CrossingPlanner:
    estimator: LoadEstimator
    capacity: float = 40.0

    def plan(self, slots):
        def per_slot(carry, features):
            backlog, stats = carry
            load, stats = self.estimator.forecast(stats, features)
            backlog = jnp.maximum(backlog + load.sum() - self.capacity, 0.0)
            return (backlog, stats), load

        (backlog, stats), loads = lax.scan(
            per_slot, (jnp.zeros(()), self.estimator.batch_stats), slots)
        self.estimator.batch_stats = stats
        return backlog, loads


def main():
    slots = jax.random.normal(jax.random.key(0), (6, 8, 5))  # slots x vehicle groups x features
    model = LoadNet()
    variables = model.init(jax.random.key(1), slots[0])
    planner = CrossingPlanner(LoadEstimator(model, variables))
    backlog, loads = planner.plan(slots)
    drift = jnp.abs(planner.estimator.running_mean()).max()
    print("backlog", float(backlog), "stat drift", float(drift), loads.shape)
    return None
