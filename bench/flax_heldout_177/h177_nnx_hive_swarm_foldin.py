# label: ok
# flax-error: none
# class: 5 build_step is a factory that draws one key from the model's nnx.Rngs 'swarm' stream outside the loop; the while_loop body folds in the member index and calls model.perturb_with
"""Beehive monitoring: an ensemble of perturbed forecasts of hive weight and brood temperature is
drawn to estimate swarm risk over the coming days. The forecaster keeps its nnx.Rngs; the factory
draws one key from it and each ensemble member folds in its index."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SwarmForecaster(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.dynamics = nnx.Linear(sensors, sensors, rngs=rngs)
        self.rngs = rngs

    def perturb_with(self, reading, key):
        return jnp.tanh(self.dynamics(reading + 0.1 * jax.random.normal(key, reading.shape)))


def build_step(model, reading):
    base = model.rngs.swarm()

    def step(state):
        i, draws = state
        return i + 1, draws.at[i].set(model.perturb_with(reading, jax.random.fold_in(base, i)))
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
