# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 HeaveModel.rollout runs the while_loop itself and calls self.norm (BatchNorm, model.train()) in the body
"""Pipeline engineering: roll out frost-heave displacement along a buried line through a freeze season."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class HeaveModel(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(sensors, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.decode = nnx.Linear(8, sensors, rngs=rngs)

    def step(self, soil):
        return soil + 0.05 * nnx.tanh(self.decode(nnx.relu(self.norm(self.encode(soil)))))

    def rollout(self, soil, weeks: int):
        def cond(state):
            return state[0] < weeks

        def body(state):
            week, soil, peak = state
            soil = self.step(soil)
            return week + 1, soil, jnp.maximum(peak, jnp.abs(soil).max())

        _, soil, peak = lax.while_loop(cond, body, (0, soil, jnp.zeros(())))
        return soil, peak


class SeasonRunner:
    def __init__(self, model: HeaveModel, weeks: int):
        self.model = model
        self.weeks = weeks

    def run(self, soil):
        self.model.train()
        return self.model.rollout(soil, self.weeks)


def main():
    soil = jnp.linspace(-1.0, 1.0, 4 * 6).reshape(4, 6)
    runner = SeasonRunner(HeaveModel(6, nnx.Rngs(0)), weeks=10)
    soil, peak = runner.run(soil)
    float(peak + soil.mean())
    return None
