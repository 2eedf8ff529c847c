# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 InterlockingController.aspects scans over sweeps and calls self.predictor.occupancy, whose BlockPredictor holds model.bind(variables, mutable=["batch_stats"]); the BatchNorm update stored in the bound scope escapes the scan
"""Track-circuit occupancy prediction for a railway interlocking."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class OccupancyNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, circuits, train: bool):
        x = nn.Dense(self.hidden)(circuits)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.95)(x)
        return nn.sigmoid(nn.Dense(1)(nn.relu(x)))[..., 0]


class BlockPredictor:
    """Keeps a bound model so callers do not have to thread variables around."""

    def __init__(self, model: nn.Module, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def occupancy(self, circuits):
        return self.bound(circuits, train=True)

    def exported_statistics(self):
        return jax.tree.map(jnp.mean, self.bound.variables["batch_stats"])


class InterlockingController:
    def __init__(self, predictor: BlockPredictor, clear_threshold: float = 0.3):
        self.predictor = predictor
        self.clear_threshold = clear_threshold

    def aspects(self, sweeps):
        def sweep(headway, circuits):
            occupied = self.predictor.occupancy(circuits)
            clear = (occupied < self.clear_threshold).mean()
            return headway * 0.9 + clear, clear

        _, clear_fraction = lax.scan(sweep, jnp.zeros(()), sweeps)
        return clear_fraction


def main():
    sweeps = jax.random.uniform(jax.random.key(1), (6, 4, 5))  # sweep, block, circuit
    model = OccupancyNet()
    variables = model.init(jax.random.key(0), sweeps[0], train=False)
    predictor = BlockPredictor(model, variables)
    controller = InterlockingController(predictor)
    clear = controller.aspects(sweeps)
    stats = predictor.exported_statistics()
    print("clear", float(clear.mean()), "stats", jax.tree.map(float, stats))
    return None
