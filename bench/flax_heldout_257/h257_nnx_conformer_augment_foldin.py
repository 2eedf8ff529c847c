# label: ok
# flax-error: none
# class: 5 a factory from the string-keyed augmenter registry returns a jitter closure that seeds its own nnx.Rngs from the config seed folded with the sample index; functools.partial binds it and the model into the scan body
"""Noisy-conformer ensemble for a learned atomisation-energy model, with augmenters picked by name from a config."""

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

scan = jax.lax.scan

AUGMENTERS = {}


def augmenter(name):
    def register(factory):
        AUGMENTERS[name] = factory
        return factory
    return register


@dataclass(frozen=True)
class AugmentConfig:
    kind: str = "gaussian-coords"
    sigma: float = 0.05
    seed: int = 3
    samples: int = 4


@augmenter("gaussian-coords")
def make_gaussian_jitter(cfg: AugmentConfig):
    base_key = jax.random.key(cfg.seed)

    def jitter(coords, sample):
        rngs = nnx.Rngs(noise=jax.random.fold_in(base_key, sample))
        return coords + cfg.sigma * jax.random.normal(rngs.noise(), coords.shape)
    return jitter


class AtomisationEnergy(nnx.Module):
    def __init__(self, hidden: int, rngs: nnx.Rngs):
        self.pair = nnx.Linear(1, hidden, rngs=rngs)
        self.energy = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, coords):
        dists = jnp.linalg.norm(coords[:, None] - coords[None, :] + 1e-9, axis=-1)
        return self.energy(nnx.softplus(self.pair(dists[..., None]))).sum()


def predict_step(model, augment, coords, carry, sample):
    return carry, model(augment(coords, sample))


def ensemble_energy(model, coords, cfg: AugmentConfig):
    augment = AUGMENTERS[cfg.kind](cfg)
    step = functools.partial(predict_step, model, augment, coords)
    _, energies = scan(step, None, jnp.arange(cfg.samples))
    return energies


def main():
    coords = jnp.array([[0.0, 0.0, 0.0], [0.96, 0.0, 0.0], [-0.24, 0.93, 0.0]])
    model = AtomisationEnergy(8, nnx.Rngs(0))
    return ensemble_energy(model, coords, AugmentConfig())
