# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a QualityStation holds a ModuleProxy whose __getattr__ delegates to model.bind(variables, mutable=["batch_stats"]); the lax.scan body calls station.grader.grade(...), and the proxied variables are read after the loop
"""Sushi conveyor belt: grade rice temperature and texture of plates passing the quality station."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RiceGrader(nn.Module):
    def setup(self):
        self.embed = nn.Dense(16)
        self.norm = nn.BatchNorm(use_running_average=False, momentum=0.9)
        self.head = nn.Dense(3)

    def grade(self, plates):
        return nn.softmax(self.head(nn.relu(self.norm(self.embed(plates)))))

    def __call__(self, plates):
        return self.grade(plates)


class ModuleProxy:
    """Delegates attribute access to a bound module, so call sites need not know it is bound."""

    def __init__(self, module, variables, mutable):
        object.__setattr__(self, "_target", module.bind(variables, mutable=mutable))

    def __getattr__(self, name):
        return getattr(self._target, name)


class QualityStation:
    def __init__(self, grader):
        self.grader = grader
        self.rejected = 0

    def shift(self, belt_batches):
        def body(rejects, plates):
            grades = self.grader.grade(plates)
            return rejects + jnp.sum(grades[:, 2] > 0.5), grades.mean(0)

        rejects, per_batch = jax.lax.scan(body, jnp.zeros((), jnp.int32), belt_batches)
        return rejects, per_batch

    def calibration(self):
        stats = self.grader.variables["batch_stats"]
        return jax.tree.map(jnp.mean, stats)


def main():
    belt = jax.random.normal(jax.random.key(0), (7, 10, 5))
    model = RiceGrader()
    variables = model.init(jax.random.key(1), belt[0])
    station = QualityStation(ModuleProxy(model, variables, mutable=["batch_stats"]))
    rejects, _ = station.shift(belt)
    jax.block_until_ready((rejects, station.calibration()))
    return None
