# label: ok
# flax-error: none
# class: 4 the fori_loop body reads IrrigationPipeline.model through ValveEvaluator.pipeline; the per-day errors go into a buffer in the carry and ValveEvaluator.metrics is updated once after the loop
"""Smart irrigation valves: evaluates a flow-rate model against a week of metered valve readings
for one orchard block, reporting the average error."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclass(frozen=True)
class BlockConfig:
    n_inputs: int = 5  # pressure, soil moisture, evapotranspiration, hour, valve age
    hidden: int = 8


class FlowModel(nnx.Module):
    def __init__(self, cfg: BlockConfig, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(cfg.n_inputs, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.relu(self.hidden(x))))[..., 0]


class IrrigationPipeline:
    def __init__(self, cfg: BlockConfig):
        self.cfg = cfg
        self.model = FlowModel(cfg, nnx.Rngs(3))
        self.evaluator = ValveEvaluator(self)


class ValveEvaluator:
    def __init__(self, pipeline: IrrigationPipeline):
        self.pipeline = pipeline
        self.metrics = nnx.MultiMetric(mae=nnx.metrics.Average("mae"))

    def evaluate(self, inputs, metered):
        def day(i, carry):
            worst, errors = carry
            predicted = self.pipeline.model(inputs[i])
            err = jnp.abs(predicted - metered[i])
            return jnp.maximum(worst, err.max()), errors.at[i].set(err)

        errors = jnp.zeros(metered.shape)
        worst, errors = lax.fori_loop(0, inputs.shape[0], day, (jnp.zeros(()), errors))
        self.metrics.update(mae=errors)
        return self.metrics.compute(), worst


def main():
    pipeline = IrrigationPipeline(BlockConfig())
    inputs = jnp.abs(jnp.sin(jnp.arange(7 * 4 * 5, dtype=jnp.float32))).reshape(7, 4, 5)
    metered = jnp.full((7, 4), 0.8)
    report, worst = pipeline.evaluator.evaluate(inputs, metered)
    print("report", report, "worst", worst)
    return None
