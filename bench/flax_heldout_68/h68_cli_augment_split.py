# label: ok
# flax-error: none
# class: 1 the augment module draws self.make_rng once, splits it per view, and the raw lax.scan walks the keys
import argparse

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class GaussianAugment(nn.Module):
    std: float
    views: int

    @nn.compact
    def __call__(self, x):
        keys = jax.random.split(self.make_rng("augment"), self.views)

        def body(carry, key):
            noise = self.std * jax.random.normal(key, x.shape)
            return carry, noise

        _, noises = lax.scan(body, None, keys)
        return noises


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="multi-view augmentation")
    parser.add_argument("--noise-std", type=float, default=0.1)
    parser.add_argument("--views", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    return parser.parse_args(argv)


def build_augmenter(args):
    return GaussianAugment(std=args.noise_std, views=args.views)


def main():
    args = parse_args([])
    aug = build_augmenter(args)
    x = jnp.ones((2, 5))
    key = jax.random.PRNGKey(args.seed)
    variables = aug.init({"params": key, "augment": key}, x)
    return aug.apply(variables, x, rngs={"augment": jax.random.PRNGKey(args.seed + 1)})
