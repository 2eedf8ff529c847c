# label: ok
# flax-error: none
# class: 4 Calibrator applies the model with mutable=["batch_stats"] and threads the statistics through the scan carry before logging them
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
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.logger = logger

    def recalibrate(self, batches):
        def body(carry, batch):
            total, stats = carry
            out, updates = self.model.apply(
                {"params": self.params, "batch_stats": stats}, batch, mutable=["batch_stats"]
            )
            return (total + out.mean(), updates["batch_stats"]), None

        (total, stats), _ = lax.scan(body, (jnp.zeros(()), self.batch_stats), batches)
        self.batch_stats = stats
        self.logger.log("batch_stats", stats)
        return total


def main():
    model = Tower()
    batches = jax.random.normal(jax.random.key(0), (5, 4, 3))
    variables = model.init(jax.random.key(1), batches[0])
    cal = Calibrator(model, variables, StatsLogger())
    cal.recalibrate(batches)
    return None
