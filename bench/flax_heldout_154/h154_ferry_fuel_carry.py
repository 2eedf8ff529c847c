# label: ok
# flax-error: none
# class: 4 CalibrationJob -> FuelEvaluator.session -> FuelSession holds model and variables; batch_stats ride in the scan carry through apply(..., mutable=["batch_stats"]) and are stored back after the loop
"""Ferry fuel-burn model recalibration.

After a dry-dock the normalisation statistics of the fuel model are refreshed
by streaming recent voyage legs through it in training mode. A session object
holds the model and its variables so evaluators can call it directly.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class FuelBurnNet(nn.Module):
    @nn.compact
    def __call__(self, legs, train: bool = False):
        h = nn.Dense(10)(legs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.softplus(nn.Dense(1)(h))[:, 0]


class FuelSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def train_step(self, batch_stats, legs):
        burn, updates = self.model.apply(
            {"params": self.variables["params"], "batch_stats": batch_stats}, legs, train=True,
            mutable=["batch_stats"])
        return burn, updates["batch_stats"]

    def export_stats(self):
        stats = self.variables["batch_stats"]
        return jax.tree.map(lambda a: jnp.asarray(a, jnp.float32) * 1.0, stats)


class FuelEvaluator:
    def __init__(self, vessel, session):
        self.vessel = vessel
        self.session = session


class CalibrationJob:
    def __init__(self, evaluator):
        self.evaluator = evaluator

    def run(self, voyages):
        session = self.evaluator.session

        def leg_step(carry, legs):
            total, stats = carry
            burn, stats = session.train_step(stats, legs)
            return (total + burn.sum(), stats), burn

        (total, stats), _ = lax.scan(leg_step, (jnp.zeros(()), session.variables["batch_stats"]), voyages)
        session.variables = {"params": session.variables["params"], "batch_stats": stats}
        return total, session.export_stats()


def main():
    model = FuelBurnNet()
    voyages = jax.random.normal(jax.random.key(1), (6, 4, 5))
    variables = model.init(jax.random.key(0), voyages[0])
    evaluator = FuelEvaluator("MV Hebridean Isles", FuelSession(model, variables))
    CalibrationJob(evaluator).run(voyages)
    return None
