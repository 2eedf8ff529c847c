# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fleet evaluator reaches the anomaly model through its runtime adapter; the scan body calls self.runtime.model while the model is still in training mode
"""Solar farm inverter fleet evaluation.

After each training round the evaluator replays a day of string-level telemetry per inverter
through the anomaly model and reports the mean anomaly score of the fleet.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class FleetSpec:
    inverters: int = 5
    strings: int = 8
    hidden: int = 16


class AnomalyModel(nnx.Module):
    def __init__(self, spec: FleetSpec, rngs: nnx.Rngs):
        self.proj = nnx.Linear(spec.strings, spec.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(spec.hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(spec.hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = self.drop(nnx.relu(self.norm(self.proj(x))))
        return nnx.sigmoid(self.head(h))[..., 0]


class ModelRuntime:
    """Adapter between the serving stack and an NNX model."""

    def __init__(self, model):
        self.model = model
        self.version = 1


class FleetEvaluator:
    def __init__(self, runtime):
        self.runtime = runtime

    def evaluate(self, telemetry):
        def body(total, inverter_day):
            score = self.runtime.model(inverter_day).mean()
            return total + score, score

        total, per_inverter = lax.scan(body, jnp.zeros(()), telemetry)
        return total / telemetry.shape[0], per_inverter


def main():
    spec = FleetSpec()
    model = AnomalyModel(spec, nnx.Rngs(0, dropout=1))
    telemetry = jax.random.normal(jax.random.key(2), (spec.inverters, 24, spec.strings))
    evaluator = FleetEvaluator(ModelRuntime(model))
    evaluator.evaluate(telemetry)
    return None
