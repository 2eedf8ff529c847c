# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "pdd_total" in "/" because collection "melt" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_melt_step(model, variables) factory returns a step closing over model.apply(variables, ...), used as the fori_loop body
"""Glacier melt emulator: daily meltwater from degree-day forcing.

A learned degree-day model keeps the cumulative positive degree days in a 'melt' collection.
Step functions are built by a factory, as the simulation driver does for every catchment.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class DegreeDayMelt(nn.Module):
    @nn.compact
    def __call__(self, forcing):
        pdd = nn.relu(forcing[..., 0])
        cumulative = self.variable("melt", "pdd_total", lambda: jnp.zeros(forcing.shape[:-1]))
        cumulative.value = cumulative.value + pdd
        factor = nn.softplus(nn.Dense(1)(forcing))[..., 0]
        return factor * pdd


def make_melt_step(model, variables, forcing):
    def step(day, runoff):
        melt = model.apply(variables, forcing[day])
        return runoff + melt

    return step


class CatchmentDriver:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def season_runoff(self, forcing):
        step = make_melt_step(self.model, self.variables, forcing)
        return lax.fori_loop(0, forcing.shape[0], step, jnp.zeros(forcing.shape[1]))


def main():
    days, glaciers = 20, 3
    temp = 6.0 * jnp.sin(jnp.arange(days, dtype=jnp.float32) / 6.0)[:, None] - jnp.arange(glaciers)[None, :]
    forcing = jnp.stack([temp, jnp.full_like(temp, 0.3), jnp.ones_like(temp)], axis=-1)
    model = DegreeDayMelt()
    variables = model.init(jax.random.key(0), forcing[0])
    runoff = CatchmentDriver(model, variables).season_runoff(forcing)
    jax.block_until_ready(runoff)
    return None
