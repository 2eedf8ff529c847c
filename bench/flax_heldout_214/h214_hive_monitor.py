# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls HiveMonitor.live, a model.bind(variables, mutable=["batch_stats"]) kept on the monitor; the stats are exported after the loop
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
        self.live = model.bind(variables, mutable=["batch_stats"])

    def ingest_day(self, hourly):
        def hour(total, batch):
            return total + jnp.sum(self.live(batch)), None

        total, _ = jax.lax.scan(hour, jnp.zeros(()), hourly)
        return total

    def export_stats(self):
        return jax.tree.map(lambda a: jnp.round(a, 4), self.live.variables["batch_stats"])


def main():
    hourly = jax.random.uniform(jax.random.key(3), (24, 5, 4))  # hours, hives, sensors
    model = HiveWeightNet()
    variables = model.init(jax.random.key(0), hourly[0], train=False)
    monitor = HiveMonitor(model, variables)
    monitor.ingest_day(hourly)
    monitor.export_stats()
    return None
