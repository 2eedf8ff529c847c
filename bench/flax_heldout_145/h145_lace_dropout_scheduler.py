# label: same-values
# flax-error: none
# class: 5 make_variant_step returns a step function around functools.partial(model.apply, ..., rngs={'dropout': key}); the scheduler scans it
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


def make_variant_step(model, variables, dropout_key):
    apply = functools.partial(model.apply, variables, rngs={"dropout": dropout_key}, train=True)

    def step(pattern, _):
        variant = apply(pattern)
        return pattern, variant

    return step


class AugmentScheduler:
    def __init__(self, step_fn, num_variants: int):
        self.step_fn = step_fn
        self.num_variants = num_variants

    def run(self, pattern):
        _, variants = lax.scan(self.step_fn, pattern, None, length=self.num_variants)
        return variants


def main():
    model = VariantNet()
    pattern = jnp.linspace(-1.0, 1.0, 8)
    variables = model.init(jax.random.key(0), pattern, train=False)
    step = make_variant_step(model, variables, jax.random.key(11))
    variants = AugmentScheduler(step, num_variants=5).run(pattern)
    print("variant spread", float(jnp.std(variants, axis=0).mean()))
    return variants
