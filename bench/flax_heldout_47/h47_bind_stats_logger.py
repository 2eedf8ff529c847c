# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Calibrator keeps model.bind(variables, mutable=["batch_stats"]); the scan body calls the bound module and the statistics are read after the loop
"""Calibration pass that refreshes BatchNorm statistics over a stream of batches, then logs them."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Tower(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.Dense(6)(x)
        x = nn.BatchNorm(use_running_average=False, momentum=0.8)(x)
        return nn.Dense(1)(nn.relu(x))


class StatsLogger:
    def __init__(self):
        self.rows = []

    def log(self, tag, tree):
        self.rows.append((tag, jax.tree.map(lambda a: jnp.round(jnp.mean(a), 4), tree)))


class Calibrator:
    def __init__(self, model, variables, logger):
        self.bound = model.bind(variables, mutable=["batch_stats"])
        self.logger = logger

    def recalibrate(self, batches):
        def body(carry, batch):
            out = self.bound(batch)
            return carry + out.mean(), None

        total, _ = lax.scan(body, jnp.zeros(()), batches)
        self.logger.log("batch_stats", self.bound.variables["batch_stats"])
        return total


def main():
    model = Tower()
    batches = jax.random.normal(jax.random.key(0), (5, 4, 3))
    variables = model.init(jax.random.key(1), batches[0])
    cal = Calibrator(model, variables, StatsLogger())
    cal.recalibrate(batches)
    return None
