# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "batches" in "/" because collection "oven_log" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_proof_step(model, variables) returns a step whose model.apply updates the "oven_log" collection, run by a while_loop
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


def make_proof_step(model: RiseModel, variables, climate):
    def step(state):
        minute, rise = state
        gain = model.apply(variables, climate + 0.01 * minute)
        return minute + 1, rise + 0.05 * gain

    return step


def proof_until(step, target: float, max_minutes: int):
    def keep_going(state):
        minute, rise = state
        return jnp.logical_and(minute < max_minutes, rise < target)

    return lax.while_loop(keep_going, step, (jnp.zeros((), jnp.int32), jnp.zeros(())))


RECIPES = {"sourdough": functools.partial(proof_until, target=1.5, max_minutes=40)}


def main():
    climate = jnp.array([0.6, 0.8])
    model = RiseModel()
    variables = model.init(jax.random.key(0), climate)
    step = make_proof_step(model, variables, climate)
    minutes, rise = RECIPES["sourdough"](step)
    jax.block_until_ready((minutes, rise))
    return None
