# label: ok
# flax-error: none
# class: 2 the jitter key is a local of the simulation function that enters the while_loop through the carry and is split at every opening
"""Sluice opening simulation for a reservoir outlet: each opening of the gate gets a random actuator jitter."""

from __future__ import annotations

import typing

import jax
from jax import numpy as jnp
from jax.lax import while_loop
from flax import linen as nn


class OutletSpec(typing.NamedTuple):
    openings: int
    gate_count: int
    head_m: float


class SluiceActuator(nn.Module):
    gate_count: int

    @nn.compact
    def __call__(self, level: jax.Array) -> jax.Array:
        opening = nn.sigmoid(nn.Dense(self.gate_count)(level))
        jitter = jax.random.uniform(self.make_rng("jitter"), opening.shape, minval=-0.05, maxval=0.05)
        return jnp.clip(opening + jitter, 0.0, 1.0)


def simulate_openings(model: SluiceActuator, params, level: jax.Array, spec: OutletSpec, seed: int) -> jax.Array:
    key = jax.random.key(seed)
    record = jnp.zeros((spec.openings, level.shape[0], spec.gate_count))

    def pending(carry):
        i, _, _ = carry
        return i < spec.openings

    def open_gate(carry):
        i, key, record = carry
        key, jitter_key = jax.random.split(key)
        opening = model.apply({"params": params}, level, rngs={"jitter": jitter_key})
        return i + 1, key, record.at[i].set(opening)

    _, _, record = while_loop(pending, open_gate, (0, key, record))
    return record


def main():
    spec = OutletSpec(openings=5, gate_count=3, head_m=12.5)
    level = jnp.array([[spec.head_m / 20.0, 0.3], [spec.head_m / 25.0, 0.5]])
    model = SluiceActuator(spec.gate_count)
    params = model.init({"params": jax.random.key(0), "jitter": jax.random.key(1)}, level)["params"]
    return simulate_openings(model, params, level, spec, seed=77)
