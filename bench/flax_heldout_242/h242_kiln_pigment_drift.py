# label: same-values
# flax-error: none
# class: 5 the fori_loop body calls a firing step built by make_firing_step as functools.partial(model.apply, variables, rngs={"kiln": key})
"""Pigment drift of one glass pane across repeated firings in the kiln."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class PigmentDrift(nn.Module):
    jitter: float = 0.02

    @nn.compact
    def __call__(self, pane):
        tint = nn.Dense(pane.shape[-1], name="tint")(pane)
        return tint + self.jitter * jax.random.normal(self.make_rng("kiln"), tint.shape)


def make_firing_step(model, variables, key):
    return functools.partial(model.apply, variables, rngs={"kiln": key})


def fire_pane(step, pane, firings: int):
    def body(i, log):
        return log.at[i].set(step(pane))

    return fori_loop(0, firings, body, jnp.zeros((firings,) + pane.shape))


class GlassStudio:
    def __init__(self, seed: int):
        k_params, k_kiln, self.kiln_key = jax.random.split(jax.random.key(seed), 3)
        self.pane = jnp.array([[0.8, 0.1, 0.2], [0.1, 0.1, 0.7]])
        self.model = PigmentDrift()
        self.variables = self.model.init({"params": k_params, "kiln": k_kiln}, self.pane)

    def test_firings(self, firings: int):
        step = make_firing_step(self.model, self.variables, self.kiln_key)
        return fire_pane(step, self.pane, firings)


def main():
    return GlassStudio(seed=5).test_firings(firings=4)
