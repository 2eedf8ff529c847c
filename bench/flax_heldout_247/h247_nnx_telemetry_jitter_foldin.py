# label: ok
# flax-error: none
# class: 5 JitterModel.simulate's jax.lax.fori_loop body builds its nnx.Rngs stream through the injected factory self.rng_factory, which folds the frame index into the seed key
"""Telemetry frame-timing jitter for ground-station decoder soak tests."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class SoakTestConfig:
    virtual_channels: int = 4
    frames: int = 6
    seed: int = 2024
    nominal_ms: float = 8.0


@dataclass
class Dependencies:
    config: SoakTestConfig
    rng_factory: Callable = field(init=False)

    def __post_init__(self):
        root = jax.random.key(self.config.seed)
        self.rng_factory = lambda frame: nnx.Rngs(jitter=jax.random.fold_in(root, frame))


class JitterModel(nnx.Module):
    def __init__(self, cfg: SoakTestConfig, rng_factory: Callable, *, rngs: nnx.Rngs):
        self.cfg = cfg
        self.rng_factory = rng_factory
        self.spread = nnx.Linear(cfg.virtual_channels, cfg.virtual_channels, rngs=rngs)

    def simulate(self, load):
        frames = self.cfg.frames
        scale = nnx.softplus(self.spread(load))

        def frame(i, timings):
            stream = self.rng_factory(i)
            jitter = scale * jax.random.normal(stream.jitter(), load.shape)
            return timings.at[i].set(self.cfg.nominal_ms + jitter)

        return jax.lax.fori_loop(0, frames, frame, jnp.zeros((frames,) + load.shape))


class SoakTest:
    def __init__(self, deps: Dependencies):
        cfg = deps.config
        self.model = JitterModel(cfg, deps.rng_factory, rngs=nnx.Rngs(params=0))
        self.load = jnp.linspace(0.2, 0.8, cfg.virtual_channels)

    def timings(self):
        return self.model.simulate(self.load)


def main():
    return SoakTest(Dependencies(SoakTestConfig())).timings()
