# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a model.bind(..., mutable=["batch_stats"]) kept by a LoadEstimator that a CrossingPlanner dataclass holds; plan() scans and the estimator runs BatchNorm in train mode
"""River-ferry crossing planner: forecasts the vehicle load of each crossing slot and tracks the
backlog left on the bank. The estimator keeps a bound model so callers need not thread variables."""
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
        self._bound = model.bind(variables, mutable=["batch_stats"])

    def forecast(self, features):
        return self._bound(features, train=True)[..., 0]

    def running_mean(self):
        return self._bound.variables["batch_stats"]["BatchNorm_0"]["mean"]


@dataclasses.dataclass
class CrossingPlanner:
    estimator: LoadEstimator
    capacity: float = 40.0

    def plan(self, slots):
        def per_slot(backlog, features):
            load = self.estimator.forecast(features)
            backlog = jnp.maximum(backlog + load.sum() - self.capacity, 0.0)
            return backlog, load

        return lax.scan(per_slot, jnp.zeros(()), slots)


def main():
    slots = jax.random.normal(jax.random.key(0), (6, 8, 5))  # slots x vehicle groups x features
    model = LoadNet()
    variables = model.init(jax.random.key(1), slots[0])
    planner = CrossingPlanner(LoadEstimator(model, variables))
    backlog, loads = planner.plan(slots)
    drift = jnp.abs(planner.estimator.running_mean()).max()
    print("backlog", float(backlog), "stat drift", float(drift), loads.shape)
    return None
