# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "wear" in "/" because collection "tuning" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the 'tuning' collection reaches the scan body through the STAGES registry -> strike stage -> CarillonEngine.bound (immutable bind) -> put_variable
"""Carillon: play a peal through registered stages; each strike updates clapper wear on the bell model."""
from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn

STAGES: dict[str, Callable] = {}


def stage(name: str):
    def register(fn):
        STAGES[name] = fn
        return fn
    return register


class BellModel(nn.Module):
    bells: int = 8

    @nn.compact
    def __call__(self, pattern):
        wear = self.variable("tuning", "wear", jnp.zeros, (self.bells,))
        partials = nn.Dense(self.bells, name="partials")(pattern)
        return jnp.sin(partials) * jnp.exp(-wear.value)

    def strike(self, pattern):
        tone = self(pattern)
        wear = self.get_variable("tuning", "wear")
        self.put_variable("tuning", "wear", wear + 0.01 * jnp.abs(pattern))
        return tone


class CarillonEngine:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)


@stage("damp")
def damp(engine, tone, pattern):
    return 0.95 * tone


@stage("strike")
def strike(engine, tone, pattern):
    return tone + engine.bound.strike(pattern)


def play_peal(engine, patterns, order=("strike", "damp")):
    def change(tone, pattern):
        for name in order:
            tone = STAGES[name](engine, tone, pattern)
        return tone, tone.sum()

    return jax.lax.scan(change, jnp.zeros((patterns.shape[1],)), patterns)


def main():
    model = BellModel()
    patterns = jax.nn.one_hot(jnp.array([0, 2, 4, 6, 1, 3, 5, 7]), 8)
    variables = model.init(jax.random.key(0), patterns[0])
    tone, energy = play_peal(CarillonEngine(model, variables), patterns)
    jax.block_until_ready((tone, energy))
    return None
