# label: same-values
# flax-error: none
# class: 5 a sampler factory closes over the model (passed in a **kwargs dict) and builds nnx.Rngs from the config seed inside each scan step
"""Vibration sampling for a bell foundry's acceptance test: noisy hum-note readings per strike."""
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan as lax_scan


@dataclass(frozen=True)
class SamplerConfig:
    seed: int = 5
    noise_level: float = 0.1
    strikes: int = 5


class HumNote(nnx.Module):
    def __init__(self, sensors: int, *, rngs: nnx.Rngs):
        self.response = nnx.Linear(sensors, sensors, rngs=rngs)

    def __call__(self, strike):
        return jnp.sin(self.response(strike))


def make_sampler(*, model: HumNote, config: SamplerConfig, **_extra) -> Callable:
    def sample(strike):
        rngs = nnx.Rngs(noise=config.seed)
        return model(strike) + config.noise_level * rngs.noise.normal(strike.shape)

    return sample


class AcceptanceTest:
    def __init__(self, sampler: Callable, config: SamplerConfig):
        self.sampler = sampler
        self.config = config

    def run(self, strike):
        def body(_, __):
            return None, self.sampler(strike)

        _, readings = lax_scan(body, None, None, length=self.config.strikes)
        return readings


def main():
    config = SamplerConfig()
    parts = {"model": HumNote(3, rngs=nnx.Rngs(0)), "config": config, "bell": "treble"}
    test = AcceptanceTest(make_sampler(**parts), config)
    return test.run(jnp.array([0.4, 0.2, 0.7]))
