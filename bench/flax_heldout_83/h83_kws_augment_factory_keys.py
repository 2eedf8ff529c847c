# label: ok
# flax-error: none
# class: 5 the augmentation key is carried through the scan and split on every step
"""Keyword-spotting training input pipeline: a SpecAugment-style module draws a time mask with
make_rng("augment"); a factory builds the per-utterance step that scan runs over a batch, splitting
the carried key each step."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class TimeMask(nn.Module):
    max_width: int = 8

    @nn.compact
    def __call__(self, spec):
        t = spec.shape[0]
        k1, k2 = jax.random.split(self.make_rng("augment"))
        width = jax.random.randint(k1, (), 1, self.max_width)
        start = jax.random.randint(k2, (), 0, t - self.max_width)
        idx = jnp.arange(t)
        mask = ((idx < start) | (idx >= start + width)).astype(spec.dtype)
        return spec * mask[:, None], mask


def make_augment_step(augmenter, variables):
    def step(key, spec):
        key, sub = jax.random.split(key)
        _, mask = augmenter.apply(variables, spec, rngs={"augment": sub})
        return key, mask
    return step


def main():
    augmenter = TimeMask()
    specs = jax.random.normal(jax.random.key(0), (6, 50, 20))
    variables = augmenter.init({"augment": jax.random.key(1)}, specs[0])
    step = make_augment_step(augmenter, variables)
    _, masks = jax.lax.scan(step, jax.random.key(7), specs)
    return masks
