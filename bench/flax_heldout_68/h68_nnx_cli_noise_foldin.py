# label: ok
# flax-error: none
# class: 2 a NoiseInjector module keeps its PRNG key in an nnx.Variable subclass and folds the scan step into it each step
import argparse

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class NoiseKey(nnx.Variable):
    pass


class NoiseInjector(nnx.Module):
    def __init__(self, std, seed):
        self.std = std
        self.key = NoiseKey(jax.random.key(seed))

    def sample(self, shape, step):
        return self.std * jax.random.normal(jax.random.fold_in(self.key.value, step), shape)


class Denoiser(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.fc = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


def get_parser():
    p = argparse.ArgumentParser("denoise")
    p.add_argument("--dim", type=int, default=4)
    p.add_argument("--noise-std", type=float, default=0.5)
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--seed", type=int, default=0)
    return p


def build(args):
    model = Denoiser(args.dim, rngs=nnx.Rngs(args.seed))
    injector = NoiseInjector(args.noise_std, args.seed + 1)
    return model, injector


def main(argv=()):
    args = get_parser().parse_args(list(argv))
    model, injector = build(args)
    x = jnp.ones((2, args.dim))

    def body(total, step):
        noise = injector.sample(x.shape, step)
        recon = model(x + noise)
        return total + jnp.mean((recon - x) ** 2), noise

    _, noises = lax.scan(body, jnp.zeros(()), jnp.arange(args.steps))
    return noises
