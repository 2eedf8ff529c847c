# label: ok
# flax-error: none
# class: 4 InterlockingController.aspects scans over sweeps and calls self.predictor.occupancy, which applies the model with mutable=["batch_stats"]; the statistics travel in the scan carry and are stored back after the loop
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
    """Keeps the model and its variables; statistics come back from every call."""

    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def occupancy(self, batch_stats, circuits):
        occupied, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, circuits, train=True,
            mutable=["batch_stats"])
        return occupied, updates["batch_stats"]

    def exported_statistics(self):
        return jax.tree.map(jnp.mean, self.batch_stats)


class InterlockingController:
    def __init__(self, predictor: BlockPredictor, clear_threshold: float = 0.3):
        self.predictor = predictor
        self.clear_threshold = clear_threshold

    def aspects(self, sweeps):
        def sweep(carry, circuits):
            headway, batch_stats = carry
            occupied, batch_stats = self.predictor.occupancy(batch_stats, circuits)
            clear = (occupied < self.clear_threshold).mean()
            return (headway * 0.9 + clear, batch_stats), clear

        carry0 = (jnp.zeros(()), self.predictor.batch_stats)
        (_, batch_stats), clear_fraction = lax.scan(sweep, carry0, sweeps)
        self.predictor.batch_stats = batch_stats
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
