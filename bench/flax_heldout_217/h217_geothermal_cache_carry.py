# label: ok
# flax-error: none
# class: 3 WellSimulator.params and the 'cache' collection enter the scan body as the carry of a functional model.apply(..., mutable=['cache'])
"""Geothermal well output: predict net electrical output (MW) from daily wellhead readings.

The step model keeps a running reservoir-depletion estimate in a 'cache' collection, the
way decoder caches are kept; the simulator replays a production history with scan.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class WellModel(nn.Module):
    hidden: int = 12

    def __call__(self, reading):
        return self.step(reading)

    @nn.compact
    def step(self, reading):
        # reading: [wellhead pressure, flow rate, enthalpy, brine temperature]
        depletion = self.variable("cache", "depletion", jnp.zeros, ())
        h = nn.gelu(nn.Dense(self.hidden)(reading))
        mw = nn.softplus(nn.Dense(1)(h))[0] * jnp.exp(-depletion.value)
        depletion.value = depletion.value + 0.01 * reading[1]
        return mw


class WellSimulator:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.initial_cache = variables["cache"]
        self.bound = model.bind(variables)

    def replay(self, readings):
        def day(carry, reading):
            total, cache = carry
            mw, updated = self.model.apply(
                {"params": self.params, "cache": cache}, reading,
                method=WellModel.step, mutable=["cache"])
            return (total + mw, updated["cache"]), mw

        (total, _), daily = scan(day, (jnp.zeros(()), self.initial_cache), readings)
        return total, daily


def main():
    days = 30
    readings = jnp.abs(jax.random.normal(jax.random.key(11), (days, 4))) + 1.0
    model = WellModel()
    variables = model.init(jax.random.key(0), readings[0])
    sim = WellSimulator(model, variables)
    total, daily = sim.replay(readings)
    jax.block_until_ready((total, daily))
    return None
