# label: ok
# flax-error: none
# class: 5 make_draw_step() builds the scan body from the FragmentSampler graphdef; the sampler, reached through a weakref.ref handle, is merged from the carry and draws from its own Rngs, whose state is carried to the next draw
from __future__ import annotations

import weakref
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

scan = jax.lax.scan


@dataclass(frozen=True)
class SamplerConfig:
    seed: int = 3
    draws: int = 5
    sieves: int = 4


class FragmentSampler(nnx.Module):
    def __init__(self, config: SamplerConfig, rngs: nnx.Rngs):
        self.sieves = config.sieves
        self.uniformity = nnx.Param(jnp.array(1.8, jnp.float32))
        self.rngs = rngs

    def __call__(self, powder_factor):
        u = jax.random.uniform(self.rngs.fragment(), (self.sieves,), minval=1e-3, maxval=1.0 - 1e-3)
        scale = 25.0 * powder_factor ** -0.8
        return scale * (-jnp.log1p(-u)) ** (1.0 / self.uniformity[...])


class SamplerHandle:
    def __init__(self, sampler: FragmentSampler):
        self._ref = weakref.ref(sampler)

    def get(self) -> FragmentSampler:
        sampler = self._ref()
        if sampler is None:
            raise RuntimeError("sampler was released")
        return sampler


def make_draw_step(graphdef, powder_factor):
    def draw(state, _):
        sampler = nnx.merge(graphdef, state)
        sizes = sampler(powder_factor)
        return nnx.state(sampler), sizes

    return draw


def size_distribution(handle: SamplerHandle, config: SamplerConfig, powder_factor: float):
    sampler = handle.get()
    graphdef, state = nnx.split(sampler)
    step = make_draw_step(graphdef, jnp.float32(powder_factor))
    state, sizes = scan(step, state, None, length=config.draws)
    nnx.update(sampler, state)
    return sizes


def main():
    config = SamplerConfig()
    sampler = FragmentSampler(config, nnx.Rngs(fragment=config.seed))
    return size_distribution(SamplerHandle(sampler), config, powder_factor=0.55)
