# label: ok
# flax-error: none
# class: 4 ShiftRunner calls WearEstimator.predict, a functional model.apply(..., mutable=["batch_stats"]); the batch stats travel in the scan carry and are stored on the estimator after the shift
"""Tunnel boring machine: estimate disc cutter wear ring by ring over one shift."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class CutterWearNet(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, ring):
        h = nn.Dense(self.hidden)(ring)
        h = nn.BatchNorm(use_running_average=False, momentum=0.95)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


class WearEstimator:
    """Keeps params fixed and threads batch statistics through the caller."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.stats = variables["batch_stats"]

    def predict(self, stats, ring_batch):
        out, updates = self.model.apply(
            {"params": self.params, "batch_stats": stats}, ring_batch, mutable=["batch_stats"]
        )
        return out, updates["batch_stats"]

    def batch_stats(self):
        return self.stats


class StatsDriftCallback:
    def __init__(self):
        self.history = []

    def on_shift_end(self, runner):
        stats = runner.estimator.batch_stats()
        drift = sum(jnp.abs(leaf).mean() for leaf in jax.tree.leaves(stats))
        self.history.append(float(drift))


class ShiftRunner:
    def __init__(self, estimator, callbacks=()):
        self.estimator = estimator
        self.callbacks = list(callbacks)

    def run_shift(self, rings):
        def advance(carry, ring_batch):
            wear, stats = carry
            per_cutter, stats = self.estimator.predict(stats, ring_batch)
            return (wear + per_cutter.mean(), stats), per_cutter

        (wear, stats), per_ring = scan(advance, (jnp.zeros(()), self.estimator.stats), rings)
        self.estimator.stats = stats
        for callback in self.callbacks:
            callback.on_shift_end(self)
        return wear, per_ring


def main():
    rings = jax.random.uniform(jax.random.key(3), (10, 8, 6))  # rings x cutters x (thrust, torque, rpm, ...)
    model = CutterWearNet()
    variables = model.init(jax.random.key(4), rings[0])
    runner = ShiftRunner(WearEstimator(model, variables), [StatsDriftCallback()])
    runner.run_shift(rings)
    return None
