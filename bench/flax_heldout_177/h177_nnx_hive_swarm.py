# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 build_step is a factory returning a step function that closes over the model; the while_loop body calls model.perturb, which draws from the model's own nnx.Rngs 'swarm' stream
"""Beehive monitoring: an ensemble of perturbed forecasts of hive weight and brood temperature is
drawn to estimate swarm risk over the coming days. The forecaster keeps its nnx.Rngs; a factory
builds the loop step around it."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SwarmForecaster(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.dynamics = nnx.Linear(sensors, sensors, rngs=rngs)
        self.rngs = rngs

    def perturb(self, reading):
        key = self.rngs.swarm()
        return jnp.tanh(self.dynamics(reading + 0.1 * jax.random.normal(key, reading.shape)))


def build_step(model, reading):
    def step(state):
        i, draws = state
        return i + 1, draws.at[i].set(model.perturb(reading))
    return step


def ensemble(model, reading, members):
    step = build_step(model, reading)
    init = (jnp.int32(0), jnp.zeros((members, reading.shape[0])))
    _, draws = lax.while_loop(lambda s: s[0] < members, step, init)
    return draws


def main():
    model = SwarmForecaster(8, nnx.Rngs(params=0, swarm=1))
    reading = jnp.linspace(-1.0, 1.0, 8)
    return ensemble(model, reading, members=6)
