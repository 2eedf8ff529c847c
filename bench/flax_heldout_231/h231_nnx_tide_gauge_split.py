# label: ok
# flax-error: none
# class: 3 TideGaugeSampler.rngs.gauge() is split into one key per member outside the loop and the keys are scanned as xs
"""Ensemble water-level nowcast for a harbour tide gauge.

The sampler perturbs the latest gauge window with instrument noise and runs the nowcast model
once per ensemble member, so the harbour master sees a spread of levels for the next slack tide.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class TideNowcast(nnx.Module):
    def __init__(self, window: int, hidden: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(window, hidden, rngs=rngs)
        self.level = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, gauge_window):
        return self.level(nnx.gelu(self.encode(gauge_window)))[..., 0]


class TideGaugeSampler:
    def __init__(self, model: TideNowcast, rngs: nnx.Rngs, instrument_sd: float = 0.03):
        self.model = model
        self.instrument_sd = instrument_sd
        self.rngs = rngs

    def ensemble(self, gauge_window, members: int):
        def member(carry, key):
            jitter = self.instrument_sd * jax.random.normal(key, gauge_window.shape)
            return carry, self.model(gauge_window + jitter)

        keys = jax.random.split(self.rngs.gauge(), members)
        _, levels = scan(member, None, keys)
        return levels


def main():
    window = jnp.sin(jnp.linspace(0.0, 3.0, 12))[None, :].repeat(2, axis=0)  # two gauges
    model = TideNowcast(window=12, hidden=16, rngs=nnx.Rngs(params=0))
    sampler = TideGaugeSampler(model, nnx.Rngs(gauge=7))
    return sampler.ensemble(window, members=6)
