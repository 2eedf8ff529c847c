# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 CalibrationJob -> FuelEvaluator.session -> FuelSession.bound = model.bind(variables, mutable=["batch_stats"]); the scan body updates batch_stats through the bound module and export_stats() reads them after the loop
"""Ferry fuel-burn model recalibration.

After a dry-dock the normalisation statistics of the fuel model are refreshed
by streaming recent voyage legs through it in training mode. A session object
holds the bound model so evaluators can call it directly.
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
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def export_stats(self):
        stats = self.bound.variables["batch_stats"]
        return jax.tree.map(lambda a: jnp.asarray(a, jnp.float32) * 1.0, stats)


class FuelEvaluator:
    def __init__(self, vessel, session):
        self.vessel = vessel
        self.session = session


class CalibrationJob:
    def __init__(self, evaluator):
        self.evaluator = evaluator

    def run(self, voyages):
        def leg_step(total, legs):
            burn = self.evaluator.session.bound(legs, train=True)
            return total + burn.sum(), burn

        total, _ = lax.scan(leg_step, jnp.zeros(()), voyages)
        return total, self.evaluator.session.export_stats()


def main():
    model = FuelBurnNet()
    voyages = jax.random.normal(jax.random.key(1), (6, 4, 5))
    variables = model.init(jax.random.key(0), voyages[0])
    evaluator = FuelEvaluator("MV Hebridean Isles", FuelSession(model, variables))
    CalibrationJob(evaluator).run(voyages)
    return None
