# label: ok
# flax-error: none
# class: 5 build_step(plant) returns a jax.checkpoint step over nnx.split(plant) state; the state goes through the scan carry and nnx.update runs after the loop
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class RunningLoad(nnx.Variable):
    """Exponentially averaged cooling load per chiller, kept between control ticks."""


class ChillerPlant(nnx.Module):
    def __init__(self, chillers: int, rngs: nnx.Rngs):
        self.setpoint = nnx.Linear(chillers * 2, chillers, rngs=rngs)
        self.load = RunningLoad(jnp.zeros(chillers))

    def __call__(self, demand):
        self.load[...] = 0.9 * self.load[...] + 0.1 * demand
        features = jnp.concatenate([demand, self.load[...]])
        return 6.0 + nnx.sigmoid(self.setpoint(features)) * 4.0  # leaving water temperature, degC


def build_step(plant):
    graphdef, _ = nnx.split(plant)

    @jax.checkpoint
    def step(state, demand):
        plant = nnx.merge(graphdef, state)
        setpoints = plant(demand)
        return nnx.state(plant), setpoints

    return step


def control_day(step, plant, demand_profile):
    def body(carry, demand):
        energy, state = carry
        state, setpoints = step(state, demand)
        return (energy + jnp.sum(demand / setpoints), state), setpoints

    (energy, state), setpoints = lax.scan(body, (jnp.float32(0.0), nnx.state(plant)), demand_profile)
    nnx.update(plant, state)
    return energy, setpoints


def main():
    plant = ChillerPlant(chillers=4, rngs=nnx.Rngs(0))
    demand = jnp.abs(jax.random.normal(jax.random.key(8), (24, 4)))
    step = build_step(plant)
    control_day(step, plant, demand)
    return None
