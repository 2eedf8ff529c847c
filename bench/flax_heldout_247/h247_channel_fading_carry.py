# label: ok
# flax-error: none
# class: 5 FadingChannel.__call__ draws a key with self.make_rng('fading'); the key enters the functools.partial-built while_loop body through the carry and is split each frame
"""Fading-channel simulator for ground-station link-budget rehearsals."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class LinkBudget:
    antennas: int = 4
    frames: int = 5
    k_factor: float = 3.0  # Rician K


def _fade_frame(state, *, gain, signal, k_factor):
    frame, key, received = state
    key, frame_key = jax.random.split(key)
    scatter = jax.random.normal(frame_key, signal.shape)
    los = jnp.sqrt(k_factor / (k_factor + 1.0))
    nlos = jnp.sqrt(1.0 / (k_factor + 1.0))
    sample = gain * signal * jnp.abs(los + nlos * scatter)
    return frame + 1, key, received.at[frame].set(sample)


class FadingChannel(nn.Module):
    budget: LinkBudget

    @nn.compact
    def __call__(self, signal):
        gain = self.param("gain", nn.initializers.ones, (self.budget.antennas,))
        frames = self.budget.frames
        body = functools.partial(_fade_frame, gain=gain, signal=signal, k_factor=self.budget.k_factor)
        received0 = jnp.zeros((frames,) + signal.shape)
        state0 = (0, self.make_rng("fading"), received0)
        _, _, received = jax.lax.while_loop(lambda s: s[0] < frames, body, state0)
        return received


class LinkRehearsal:
    def __init__(self, budget: LinkBudget, seed: int = 4):
        self.budget = budget
        self.channel = FadingChannel(budget)
        self.seed = seed

    def pilot(self):
        return jnp.ones((self.budget.antennas,))

    def run(self):
        pilot = self.pilot()
        keys = dict(zip(("params", "fading"), jax.random.split(jax.random.key(self.seed))))
        variables = self.channel.init(keys, pilot)
        return self.channel.apply(variables, pilot, rngs={"fading": jax.random.key(self.seed + 1)})


def main():
    return LinkRehearsal(LinkBudget()).run()
