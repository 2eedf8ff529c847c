# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a step function returned by make_scenario_step calls the model's own nnx.Rngs stream (model.rngs.perturb()) inside the scan body
"""Tidal stream energy forecasting: generate perturbed tide-height scenarios with a learned
harmonic emulator, one scenario per loop step, for the day-ahead market bid."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class HarmonicEmulator(nnx.Module):
    def __init__(self, constituents, rngs: nnx.Rngs):
        self.amplitude = nnx.Linear(constituents, constituents, rngs=rngs)
        self.rngs = rngs
        self.constituents = constituents

    def __call__(self, phases, noise):
        return jnp.sum(self.amplitude(jnp.cos(phases + noise)), axis=-1)


def make_scenario_step(model, phases, spread):
    def scenario(carry, _):
        noise = spread * jax.random.normal(model.rngs.perturb(), phases.shape)
        heights = model(phases, noise)
        return carry, {"noise": noise, "peak": heights.max()}

    return scenario


class BidPlanner:
    def __init__(self, model, spread=0.2):
        self.model = model
        self.spread = spread

    def scenarios(self, phases, count):
        step = make_scenario_step(self.model, phases, self.spread)
        _, out = scan(step, None, None, length=count)
        return out


def main():
    hours, constituents = 24, 5
    phases = jnp.linspace(0, 4 * jnp.pi, hours)[:, None] * jnp.arange(1, constituents + 1)
    model = HarmonicEmulator(constituents, nnx.Rngs(params=0, perturb=1))
    planner = BidPlanner(model)
    return planner.scenarios(phases, count=6)
