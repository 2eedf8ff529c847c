# label: ok
# flax-error: none
# class: 5 make_variant_step returns a step function around functools.partial(model.apply, ...) that takes a per-step dropout key split before the scan
"""Lace design augmentation: draw stochastic variants of one pricking pattern.

A factory builds the step function the AugmentScheduler runs; each step should yield a
different dropout-perturbed variant of the same pattern.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class VariantNet(nn.Module):
    rate: float = 0.4

    @nn.compact
    def __call__(self, pattern, train: bool):
        h = nn.relu(nn.Dense(12)(pattern))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(pattern.shape[-1])(h)


def make_variant_step(model, variables):
    apply = functools.partial(model.apply, variables, train=True)

    def step(pattern, dropout_key):
        variant = apply(pattern, rngs={"dropout": dropout_key})
        return pattern, variant

    return step


class AugmentScheduler:
    def __init__(self, step_fn, num_variants: int):
        self.step_fn = step_fn
        self.num_variants = num_variants

    def run(self, pattern, key):
        keys = jax.random.split(key, self.num_variants)
        _, variants = lax.scan(self.step_fn, pattern, keys)
        return variants


def main():
    model = VariantNet()
    pattern = jnp.linspace(-1.0, 1.0, 8)
    variables = model.init(jax.random.key(0), pattern, train=False)
    step = make_variant_step(model, variables)
    variants = AugmentScheduler(step, num_variants=5).run(pattern, jax.random.key(11))
    print("variant spread", float(jnp.std(variants, axis=0).mean()))
    return variants
