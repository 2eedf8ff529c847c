# label: same-values
# flax-error: none
# class: 4 scheduler.adapter keeps a key drawn once from its nnx.Rngs 'frost' stream at construction; the scan body samples through adapter.sample() every night
"""Orchard frost protection: samples nightly minimum-temperature scenarios to schedule wind machines."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

NIGHTS = 9
BLOCKS = 5


class FrostModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mean_head = nnx.Linear(3, BLOCKS, rngs=rngs)
        self.log_scale = nnx.Param(jnp.full((BLOCKS,), -0.5))

    def scenario(self, forecast, key):
        mean = self.mean_head(forecast)
        return mean + jnp.exp(self.log_scale[...]) * jax.random.normal(key, (BLOCKS,))


class ScenarioAdapter:
    """Adapts the frost model to the scheduler's sampling interface."""

    def __init__(self, model: FrostModel, rngs: nnx.Rngs):
        self.model = model
        self.key = rngs.frost()

    def sample(self, forecast):
        return self.model.scenario(forecast, self.key)


class WindMachineScheduler:
    def __init__(self, adapter: ScenarioAdapter, trigger_c: float = -1.0):
        self.adapter = adapter
        self.trigger_c = trigger_c

    def plan(self, forecast):
        def body(hours, _):
            minimum = self.adapter.sample(forecast)
            return hours + (minimum < self.trigger_c) * 6.0, minimum

        _, minima = lax.scan(body, jnp.zeros((BLOCKS,)), None, length=NIGHTS)
        return minima


def main():
    rngs = nnx.Rngs(params=0, frost=1)
    scheduler = WindMachineScheduler(ScenarioAdapter(FrostModel(rngs), rngs))
    return scheduler.plan(jnp.array([0.5, -1.2, 0.8]))
