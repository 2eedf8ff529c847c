# label: ok
# flax-error: none
# class: 2 simulate_yaw draws gust_key from the controller's nnx.Rngs gust stream once, as a local; the jax.lax.while_loop body folds the step counter into it before sampling each gust
"""Wind-farm yaw control under stochastic gusts."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class FarmLayout:
    turbines: int = 6
    horizon: int = 8
    gust_scale: float = 1.5


class YawController(nnx.Module):
    def __init__(self, turbines: int, *, rngs: nnx.Rngs):
        self.policy = nnx.Linear(2 * turbines, turbines, rngs=rngs)
        self.rngs = rngs

    def command(self, wind, yaw):
        return 0.1 * jnp.tanh(self.policy(jnp.concatenate([wind, yaw], -1)))


def simulate_yaw(controller: YawController, layout: FarmLayout, mean_wind):
    gust_key = controller.rngs.gust()

    def keep_going(state):
        step, _, _ = state
        return step < layout.horizon

    def advance(state):
        step, yaw, gust_log = state
        key = jax.random.fold_in(gust_key, step)
        gust = layout.gust_scale * jax.random.normal(key, mean_wind.shape)
        yaw = yaw + controller.command(mean_wind + gust, yaw)
        return step + 1, yaw, gust_log.at[step].set(gust)

    state0 = (jnp.int32(0), jnp.zeros((layout.turbines,)), jnp.zeros((layout.horizon, layout.turbines)))
    _, yaw, gust_log = jax.lax.while_loop(keep_going, advance, state0)
    return gust_log


def main():
    layout = FarmLayout()
    controller = YawController(layout.turbines, rngs=nnx.Rngs(params=0, gust=7))
    mean_wind = jnp.linspace(8.0, 11.0, layout.turbines)
    return simulate_yaw(controller, layout, mean_wind)
