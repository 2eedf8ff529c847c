# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the HiveEvaluator keeps self.bound = model.bind(variables) of the training-mode HiveNet; the scan body calls self.bound, whose BatchNorm updates batch_stats
"""Beehive health monitor: scores swarm risk from hourly hive sensor readings
(weight, temperature, humidity, acoustic bands) with the network trained for it."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class HiveNet(nn.Module):
    train: bool = True

    @nn.compact
    def __call__(self, reading):
        h = nn.Dense(16)(reading)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(h)
        h = nn.gelu(h)
        return jax.nn.sigmoid(nn.Dense(1)(h))[..., 0]


class HiveEvaluator:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def overnight_risk(self, hours):
        def body(peak, reading):
            risk = self.bound(reading)
            return jnp.maximum(peak, risk), risk

        peak, _ = scan(body, jnp.zeros(hours.shape[1]), hours)
        return peak


def train_stats(model, variables, batches):
    for batch in batches:
        _, updates = model.apply(variables, batch, mutable=["batch_stats"])
        variables = {**variables, **updates}
    return variables


def main():
    key = jax.random.key(7)
    hours = jax.random.normal(key, (12, 3, 6))  # 12 hours, 3 hives, 6 sensors
    model = HiveNet(train=True)
    variables = model.init(jax.random.key(8), hours[0])
    variables = train_stats(model, variables, [hours[0], hours[1]])
    evaluator = HiveEvaluator(model, variables)
    peak = evaluator.overnight_risk(hours)
    print(peak)
    return None
