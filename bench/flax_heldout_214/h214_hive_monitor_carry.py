# label: ok
# flax-error: none
# class: 3 the scan body applies HiveMonitor.model with HiveMonitor.params; the batch_stats ride in the carry and are stored on the monitor after the loop
"""Beekeeping hive weight monitoring: hourly scale readings from every hive in an apiary
are normalised by a model that keeps following the season's running statistics."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class HiveWeightNet(nn.Module):
    @nn.compact
    def __call__(self, readings, train: bool = True):
        h = nn.Dense(8)(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.tanh(h))[..., 0]


class HiveMonitor:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.stats = variables["batch_stats"]

    def ingest_day(self, hourly):
        def hour(carry, batch):
            total, stats = carry
            out, updates = self.model.apply(
                {"params": self.params, "batch_stats": stats}, batch, mutable=["batch_stats"])
            return (total + jnp.sum(out), updates["batch_stats"]), None

        (total, self.stats), _ = jax.lax.scan(hour, (jnp.zeros(()), self.stats), hourly)
        return total

    def export_stats(self):
        return jax.tree.map(lambda a: jnp.round(a, 4), self.stats)


def main():
    hourly = jax.random.uniform(jax.random.key(3), (24, 5, 4))  # hours, hives, sensors
    model = HiveWeightNet()
    variables = model.init(jax.random.key(0), hourly[0], train=False)
    monitor = HiveMonitor(model, variables)
    monitor.ingest_day(hourly)
    monitor.export_stats()
    return None
