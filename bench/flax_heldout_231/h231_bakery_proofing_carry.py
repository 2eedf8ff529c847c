# label: ok
# flax-error: none
# class: 5 make_proof_step(model, params) returns a step that threads the "oven_log" collection through the while_loop carry (mutable=["oven_log"])
"""Proofing-cabinet control for an industrial bakery.

A small model predicts dough rise from cabinet temperature and humidity; the cabinet loop keeps
proofing until the predicted rise reaches the recipe target. The model counts the batches it has
seen so that the line supervisor can audit the controller.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RiseModel(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, climate):
        seen = self.variable("oven_log", "batches", lambda: jnp.zeros((), jnp.int32))
        h = nn.tanh(nn.Dense(self.hidden)(climate))
        rise = nn.softplus(nn.Dense(1)(h))[..., 0]
        if not self.is_initializing():
            seen.value = seen.value + 1
        return rise


def make_proof_step(model: RiseModel, params, climate):
    def step(state):
        minute, rise, oven_log = state
        gain, updates = model.apply(
            {"params": params, "oven_log": oven_log}, climate + 0.01 * minute, mutable=["oven_log"]
        )
        return minute + 1, rise + 0.05 * gain, updates["oven_log"]

    return step


def proof_until(step, oven_log, target: float, max_minutes: int):
    def keep_going(state):
        minute, rise, _ = state
        return jnp.logical_and(minute < max_minutes, rise < target)

    return lax.while_loop(keep_going, step, (jnp.zeros((), jnp.int32), jnp.zeros(()), oven_log))


RECIPES = {"sourdough": functools.partial(proof_until, target=1.5, max_minutes=40)}


def main():
    climate = jnp.array([0.6, 0.8])
    model = RiseModel()
    variables = model.init(jax.random.key(0), climate)
    step = make_proof_step(model, variables["params"], climate)
    minutes, rise, oven_log = RECIPES["sourdough"](step, variables["oven_log"])
    jax.block_until_ready((minutes, rise, oven_log))
    return None
