# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a data-augmentation module keeps an nnx.Rngs "augment" stream; a jax.checkpoint-wrapped scan body calls it, which advances the stream's counter
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class SpecAugment(nnx.Module):
    """Random time masking for spectrogram batches."""

    def __init__(self, max_width, *, rngs: nnx.Rngs):
        self.max_width = max_width
        self.rngs = rngs

    def __call__(self, spec):
        key = self.rngs.augment()
        start = jax.random.randint(key, (), 0, spec.shape[1] - self.max_width)
        t = jnp.arange(spec.shape[1])
        mask = (t < start) | (t >= start + self.max_width)
        return spec * mask[None, :, None]


class Frontend(nnx.Module):
    def __init__(self, n_mels, dim, *, rngs: nnx.Rngs):
        self.augment = SpecAugment(3, rngs=rngs)
        self.proj = nnx.Linear(n_mels, dim, rngs=rngs)

    def __call__(self, spec):
        return self.proj(self.augment(spec)).mean(axis=1)


class FeatureExtractionJob:
    def __init__(self, frontend):
        self.frontend = frontend

    def run(self, specs):
        @functools.partial(jax.checkpoint, prevent_cse=False)
        def body(acc, spec):
            return acc + self.frontend(spec).sum(), None

        return jax.lax.scan(body, jnp.float32(0), specs)[0]


def main():
    specs = jax.random.normal(jax.random.key(1), (4, 2, 16, 8))
    FeatureExtractionJob(Frontend(8, 4, rngs=nnx.Rngs(params=0, augment=1))).run(specs)
    return None
