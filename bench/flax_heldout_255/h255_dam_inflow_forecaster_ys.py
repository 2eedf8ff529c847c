# label: ok
# flax-error: none
# class: 5 the closure returned by make_rollout holds the forecaster variables in a captured dict and is the scan body; the cache leaves as the scan's ys and is stored after the loop
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax import lax as jlax
import flax.linen as ln


class InflowForecaster(ln.Module):
    """One-step reservoir inflow forecaster with a running memory of the last inflow."""

    memory_decay: float = 0.6

    @ln.compact
    def __call__(self, rainfall):
        last = self.variable("cache", "last_inflow", lambda: jnp.zeros((1,)))
        drive = ln.Dense(1, name="rain_to_inflow")(rainfall)
        inflow = self.memory_decay * last.value + (1.0 - self.memory_decay) * drive.mean(0)
        if not self.is_initializing():
            last.value = inflow
        return inflow


def make_rollout(model: InflowForecaster, variables):
    state = {"variables": variables}

    def advance(carry, rainfall):
        peak, cache = carry
        inflow, fresh = model.apply({**state["variables"], "cache": cache}, rainfall, mutable=["cache"])
        return (jnp.maximum(peak, inflow), fresh["cache"]), (inflow, fresh["cache"])

    return advance, state


def spillway_release(inflow, capacity: float = 1.5):
    return jnp.clip(inflow - capacity, 0.0, None)


def main():
    model = InflowForecaster()
    storm = jnp.linspace(0.0, 4.0, 5 * 2 * 3).reshape(5, 2, 3)
    variables = model.init(jax.random.PRNGKey(4), storm[0])
    advance, state = make_rollout(model, variables)
    init = (jnp.zeros((1,)), variables["cache"])
    _, (inflows, caches) = jlax.scan(advance, init, storm)
    state["variables"] = {**state["variables"], "cache": jax.tree.map(lambda c: c[-1], caches)}
    peak = inflows.max(axis=0)
    tomorrow, _ = model.apply(state["variables"], storm[-1], mutable=["cache"])
    jax.block_until_ready((peak, inflows, spillway_release(tomorrow)))
    return None
