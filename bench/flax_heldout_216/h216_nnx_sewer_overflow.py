# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_storm_step returns a jax.checkpoint-wrapped step closing over the model (Dropout in train mode); StormReplay keeps it and runs it in fori_loop
"""Combined sewer overflow: replay a storm's rainfall through an inflow model to find the peak
wet-well level; the step is rematerialised because the replays run for days of 5-minute steps."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class InflowNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, rain):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.hidden(rain)))))[0]  # m3 per step


def make_storm_step(model, rainfall, pump_rate: float = 0.5):
    @jax.checkpoint
    def step(i, state):
        level, peak = state
        level = jnp.maximum(level + model(rainfall[i]) - pump_rate, 0.0)
        return level, jnp.maximum(peak, level)

    return step


class StormReplay:
    def __init__(self, model, rainfall):
        self.n_steps = rainfall.shape[0]
        self.step = make_storm_step(model, rainfall)

    def peak_level(self):
        _, peak = lax.fori_loop(0, self.n_steps, self.step, (jnp.float32(0.0), jnp.float32(0.0)))
        return peak


def main():
    # rainfall intensity, antecedent wetness, tide level
    rainfall = jax.random.uniform(jax.random.PRNGKey(0), (36, 3))
    replay = StormReplay(InflowNet(nnx.Rngs(0)), rainfall)
    replay.peak_level().block_until_ready()
    return None
