# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ShiftRunner calls WearEstimator.predict, whose model.bind(variables, mutable=["batch_stats"]) updates batch stats inside the scan body; a callback reads them after the shift
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
    """Keeps a bound model so that serving code can call it like a function."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def predict(self, ring_batch):
        return self.bound(ring_batch)

    def batch_stats(self):
        return self.bound.variables["batch_stats"]


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
        def advance(wear, ring_batch):
            per_cutter = self.estimator.predict(ring_batch)
            return wear + per_cutter.mean(), per_cutter

        wear, per_ring = scan(advance, jnp.zeros(()), rings)
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
