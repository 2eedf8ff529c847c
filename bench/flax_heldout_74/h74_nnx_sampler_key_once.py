# label: same-values
# flax-error: none
# class: 4 experiment -> sampler -> key drawn once from the "sample" nnx.Rngs stream at construction; the scan body draws latents from that same key each step
"""Experiment config loaded from a dict builds a small generator and a latent sampler."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass
class ModelConfig:
    latent: int = 4
    width: int = 16


@dataclass
class ExperimentConfig:
    seed: int = 0
    num_samples: int = 5
    model: ModelConfig = field(default_factory=ModelConfig)

    @classmethod
    def from_dict(cls, d):
        return cls(seed=d["seed"], num_samples=d["num_samples"], model=ModelConfig(**d["model"]))


class Generator(nnx.Module):
    def __init__(self, cfg: ModelConfig, rngs: nnx.Rngs):
        self.up = nnx.Linear(cfg.latent, cfg.width, rngs=rngs)
        self.out = nnx.Linear(cfg.width, 2, rngs=rngs)

    def __call__(self, z):
        return self.out(nnx.silu(self.up(z)))


class LatentSampler:
    def __init__(self, generator, latent, rngs: nnx.Rngs):
        self.generator = generator
        self.latent = latent
        self.key = rngs.sample()

    def draw(self, n):
        def body(carry, _):
            z = jax.random.normal(self.key, (3, self.latent))
            return carry, self.generator(z)

        _, samples = jax.lax.scan(body, None, None, length=n)
        return samples


class Experiment:
    def __init__(self, cfg: ExperimentConfig):
        rngs = nnx.Rngs(params=cfg.seed, sample=cfg.seed + 1)
        self.cfg = cfg
        self.generator = Generator(cfg.model, rngs)
        self.sampler = LatentSampler(self.generator, cfg.model.latent, rngs)


def main():
    cfg = ExperimentConfig.from_dict({"seed": 3, "num_samples": 5, "model": {"latent": 4, "width": 16}})
    exp = Experiment(cfg)
    return exp.sampler.draw(cfg.num_samples)
