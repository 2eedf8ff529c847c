# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "snowpack_mm" in "/" because collection "state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local model and variables of main() go straight into the while_loop body, which calls model.apply(..., method=MassBalance.accumulate) without mutable
"""Degree-day glacier mass balance, integrated until the snowpack is exhausted.

`accumulate` advances the snowpack held in the 'state' collection by one day of
temperature and precipitation forcing.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MassBalance(nn.Module):
    threshold_c: float = 1.0

    @nn.compact
    def __call__(self, temp_c, precip_mm):
        ddf = self.param("degree_day_factor", nn.initializers.constant(3.5), ())
        return ddf * jnp.maximum(temp_c - self.threshold_c, 0.0) - precip_mm

    @nn.compact
    def accumulate(self, temp_c, precip_mm):
        ddf = self.param("degree_day_factor", nn.initializers.constant(3.5), ())
        snowpack = self.variable("state", "snowpack_mm", lambda: jnp.asarray(400.0))
        melt = ddf * jnp.maximum(temp_c - self.threshold_c, 0.0)
        snow = jnp.where(temp_c < self.threshold_c, precip_mm, 0.0)
        snowpack.value = jnp.maximum(snowpack.value + snow - melt, 0.0)
        return snowpack.value


def seasonal_forcing(n_days: int, seed: int):
    days = jnp.arange(n_days, dtype=jnp.float32)
    temp = -4.0 + 12.0 * jnp.sin(2 * jnp.pi * (days - 80.0) / 365.0)
    precip = jax.random.exponential(jax.random.key(seed), (n_days,)) * 3.0
    return temp, precip


def main():
    temp, precip = seasonal_forcing(365, seed=0)
    model = MassBalance()
    variables = model.init(jax.random.key(0), temp[0], precip[0], method=MassBalance.accumulate)

    def still_ice(carry):
        day, snowpack = carry
        return (day < 365) & (snowpack > 0.0)

    def one_day(carry):
        day, _ = carry
        snowpack = model.apply(variables, temp[day], precip[day], method=MassBalance.accumulate)
        return day + 1, snowpack

    day, snowpack = jax.lax.while_loop(still_ice, one_day, (0, jnp.asarray(400.0)))
    print("snowpack gone on day", int(day), "remaining", float(snowpack))
    return None
