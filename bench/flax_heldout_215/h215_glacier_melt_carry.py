# label: ok
# flax-error: none
# class: 5 make_melt_step(model, params) factory returns a step applying the model with mutable=['melt'], the melt collection in the fori_loop carry
"""Glacier melt emulator: daily meltwater from degree-day forcing.

A learned degree-day model keeps the cumulative positive degree days in a 'melt' collection.
Step functions are built by a factory; the step returns the updated collection, which the
driver threads through the loop carry.
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


def make_melt_step(model, params, forcing):
    def step(day, carry):
        runoff, melt_state = carry
        melt, updates = model.apply({"params": params, "melt": melt_state}, forcing[day], mutable=["melt"])
        return runoff + melt, updates["melt"]

    return step


class CatchmentDriver:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def season_runoff(self, forcing):
        step = make_melt_step(self.model, self.variables["params"], forcing)
        init = (jnp.zeros(forcing.shape[1]), self.variables["melt"])
        runoff, melt_state = lax.fori_loop(0, forcing.shape[0], step, init)
        self.variables = {"params": self.variables["params"], "melt": melt_state}
        return runoff


def main():
    days, glaciers = 20, 3
    temp = 6.0 * jnp.sin(jnp.arange(days, dtype=jnp.float32) / 6.0)[:, None] - jnp.arange(glaciers)[None, :]
    forcing = jnp.stack([temp, jnp.full_like(temp, 0.3), jnp.ones_like(temp)], axis=-1)
    model = DegreeDayMelt()
    variables = model.init(jax.random.key(0), forcing[0])
    runoff = CatchmentDriver(model, variables).season_runoff(forcing)
    jax.block_until_ready(runoff)
    return None
