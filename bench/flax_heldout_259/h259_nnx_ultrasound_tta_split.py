# label: ok
# flax-error: none
# class: 5 make_intensity_jitter builds the per-pass augmentation; the pipeline splits one key from its nnx.Rngs before the loop and the scan body receives the keys as xs and hands each to the closure
"""Test-time augmentation for the fetal-ultrasound segmenter."""
from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class EchoSegmenter(nnx.Module):
    def __init__(self, width: int, *, rngs: nnx.Rngs):
        self.stem = nnx.Conv(1, width, (3, 3), padding="SAME", rngs=rngs)
        self.head = nnx.Conv(width, 2, (1, 1), rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.silu(self.stem(x)))


def make_intensity_jitter(gain: float, bias: float) -> Callable:
    def jitter(image, key):
        g_key, b_key = jax.random.split(key)
        scale = 1.0 + gain * jax.random.normal(g_key, ())
        shift = bias * jax.random.normal(b_key, ())
        return image * scale + shift

    return jitter


class TtaPipeline:
    def __init__(self, model: EchoSegmenter, rngs: nnx.Rngs, passes: int = 4):
        self.model = model
        self.rngs = rngs
        self.passes = passes
        self.jitter = make_intensity_jitter(gain=0.1, bias=0.05)

    def per_pass_probabilities(self, image):
        def one_pass(_, key):
            logits = self.model(self.jitter(image, key))
            return None, jax.nn.softmax(logits)[..., 1]

        keys = jax.random.split(self.rngs.augment(), self.passes)
        _, probs = scan(one_pass, None, keys)
        return probs


def main():
    image = jax.random.normal(jax.random.key(9), (1, 8, 8, 1))
    model = EchoSegmenter(4, rngs=nnx.Rngs(params=0))
    pipeline = TtaPipeline(model, nnx.Rngs(augment=5))
    return pipeline.per_pass_probabilities(image)
