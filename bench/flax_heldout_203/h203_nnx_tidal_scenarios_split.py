# label: ok
# flax-error: none
# class: 5 a step function returned by make_scenario_step gets a key drawn from the model's nnx.Rngs stream before the loop and splits it in the scan carry
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
    def scenario(key, _):
        key, sub = jax.random.split(key)
        noise = spread * jax.random.normal(sub, phases.shape)
        heights = model(phases, noise)
        return key, {"noise": noise, "peak": heights.max()}

    return scenario, model.rngs.perturb()


class BidPlanner:
    def __init__(self, model, spread=0.2):
        self.model = model
        self.spread = spread

    def scenarios(self, phases, count):
        step, key = make_scenario_step(self.model, phases, self.spread)
        _, out = scan(step, key, None, length=count)
        return out


def main():
    hours, constituents = 24, 5
    phases = jnp.linspace(0, 4 * jnp.pi, hours)[:, None] * jnp.arange(1, constituents + 1)
    model = HarmonicEmulator(constituents, nnx.Rngs(params=0, perturb=1))
    planner = BidPlanner(model)
    return planner.scenarios(phases, count=6)
