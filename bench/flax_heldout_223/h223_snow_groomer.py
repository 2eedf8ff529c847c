# label: same-values
# flax-error: none
# class: 5 the fori_loop body calls planner.forward, a jax.checkpoint wrapper around model.apply with a dropout key fixed when the planner was built
"""Ski resort snow grooming: stochastic piste-condition passes for tonight's groomer route."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn


class PisteCondition(nn.Module):
    runs: int = 5

    @nn.compact
    def __call__(self, snow, deterministic: bool = True):
        h = nn.relu(nn.Dense(16)(snow))
        h = nn.Dropout(0.25)(h, deterministic=deterministic)
        return nn.Dense(self.runs)(h)


class GroomerPlanner:
    def __init__(self, seed: int = 0):
        model = PisteCondition()
        init_key, self.pass_key = jax.random.split(jax.random.key(seed))
        variables = model.init(init_key, jnp.zeros((4,)))

        def forward(snow):
            return model.apply(variables, snow, deterministic=False, rngs={"dropout": self.pass_key})

        self.forward = jax.checkpoint(forward)

    def sample_passes(self, snow, n_passes: int = 6):
        def one_pass(i, grades):
            return grades.at[i].set(jax.nn.softmax(self.forward(snow)))

        return jax.lax.fori_loop(0, n_passes, one_pass, jnp.zeros((n_passes, 5)))


def main():
    planner = GroomerPlanner()
    snow = jnp.array([0.3, -12.0, 0.8, 25.0]) / 10.0
    return planner.sample_passes(snow)
