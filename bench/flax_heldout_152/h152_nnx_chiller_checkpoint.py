# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningLoad from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 build_step(plant) returns a jax.checkpoint-wrapped step closing over the plant; the scan body calls it and the plant writes its RunningLoad variable
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
    @jax.checkpoint
    def step(demand):
        return plant(demand)

    return step


def control_day(step, demand_profile):
    def body(energy, demand):
        setpoints = step(demand)
        return energy + jnp.sum(demand / setpoints), setpoints

    return lax.scan(body, jnp.float32(0.0), demand_profile)


def main():
    plant = ChillerPlant(chillers=4, rngs=nnx.Rngs(0))
    demand = jnp.abs(jax.random.normal(jax.random.key(8), (24, 4)))
    step = build_step(plant)
    control_day(step, demand)
    return None
