# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_intensity_jitter closes over the pipeline's nnx.Rngs; the closure it returns is called inside the scan body to draw each augmentation
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


def make_intensity_jitter(rngs: nnx.Rngs, gain: float, bias: float) -> Callable:
    def jitter(image):
        key = rngs.augment()
        g_key, b_key = jax.random.split(key)
        scale = 1.0 + gain * jax.random.normal(g_key, ())
        shift = bias * jax.random.normal(b_key, ())
        return image * scale + shift

    return jitter


class TtaPipeline:
    def __init__(self, model: EchoSegmenter, rngs: nnx.Rngs, passes: int = 4):
        self.model = model
        self.passes = passes
        self.jitter = make_intensity_jitter(rngs, gain=0.1, bias=0.05)

    def per_pass_probabilities(self, image):
        def one_pass(_, __):
            logits = self.model(self.jitter(image))
            return None, jax.nn.softmax(logits)[..., 1]

        _, probs = scan(one_pass, None, None, length=self.passes)
        return probs


def main():
    image = jax.random.normal(jax.random.key(9), (1, 8, 8, 1))
    model = EchoSegmenter(4, rngs=nnx.Rngs(params=0))
    pipeline = TtaPipeline(model, nnx.Rngs(augment=5))
    return pipeline.per_pass_probabilities(image)
