# label: same-values
# flax-error: none
# class: 1 self.make_rng("noise") called inside a raw jax.lax.scan body of a registered augmentation module: traced once, one key for every step
"""Augmentation registry: named modules that perturb a sequence of latents step by step."""
import jax
import jax.numpy as jnp
from flax import linen as nn

AUGMENTATIONS = {}


def augmentation(name):
    def deco(cls):
        AUGMENTATIONS[name] = cls
        return cls
    return deco


@augmentation("gaussian_walk")
class GaussianWalk(nn.Module):
    scale: float = 0.1

    @nn.compact
    def __call__(self, z0, steps):
        def step(z, _):
            eps = self.scale * jax.random.normal(self.make_rng("noise"), z.shape)
            return z + eps, eps

        _, noise = jax.lax.scan(step, z0, None, length=steps)
        return noise


def build(name, **kwargs):
    return AUGMENTATIONS[name](**kwargs)


class AugmentPipeline:
    def __init__(self, names):
        self.stages = [build(n) for n in names]

    def __call__(self, z0, steps, rng):
        noises = []
        for i, stage in enumerate(self.stages):
            noises.append(stage.apply({}, z0, steps, rngs={"noise": jax.random.fold_in(rng, i)}))
        return jnp.stack(noises, axis=1)  # (steps, stages, dim)


def main():
    pipe = AugmentPipeline(["gaussian_walk", "gaussian_walk"])
    noise = pipe(jnp.zeros((4,)), 6, jax.random.key(3))
    return noise
