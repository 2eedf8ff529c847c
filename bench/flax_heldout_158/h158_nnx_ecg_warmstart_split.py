# label: ok
# flax-error: none
# class: 5 make_tta_step() returns functools.partial(_tta_step, model, sigma); the warm-start job scans that step over jitter keys split from its key
"""Warm-start job for an ECG arrhythmia screener, with test-time augmentation.

A new screener is warm-started from the pretrained backbone (its Params copied with
nnx.state / nnx.update), put in eval mode and checked on a reference trace with test-time
augmentation: the TTA step jitters the trace with Gaussian noise and scores it, and the job
splits `n_aug` keys and scans the step over them to see how stable the score is.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Backbone(nnx.Module):
    def __init__(self, leads, *, rngs):
        self.conv = nnx.Conv(leads, 8, kernel_size=(7,), rngs=rngs)

    def __call__(self, trace):
        return nnx.relu(self.conv(trace)).mean(axis=-2)


class Screener(nnx.Module):
    def __init__(self, leads, n_rhythms, *, rngs):
        self.backbone = Backbone(leads, rngs=rngs)
        self.head = nnx.Linear(8, n_rhythms, rngs=rngs)

    def __call__(self, trace):
        return nnx.softmax(self.head(self.backbone(trace)), axis=-1)


def _tta_step(model, sigma, trace, carry, key):
    jitter = sigma * jax.random.normal(key, trace.shape)
    return carry, model(trace + jitter)


def make_tta_step(model, sigma=0.05):
    return functools.partial(_tta_step, model, sigma)


class WarmStartJob:
    def __init__(self, pretrained: Screener, leads, n_rhythms, seed):
        self.model = Screener(leads, n_rhythms, rngs=nnx.Rngs(seed))
        nnx.update(self.model.backbone, nnx.state(pretrained.backbone, nnx.Param))
        self.model.eval()
        self.tta_key = jax.random.key(seed + 100)

    def stability_check(self, trace, n_aug):
        step = make_tta_step(self.model)
        keys = jax.random.split(self.tta_key, n_aug)
        _, probs = lax.scan(functools.partial(step, trace), 0, keys)
        return probs


def main():
    t = jnp.linspace(0, 4 * jnp.pi, 64)
    trace = jnp.stack([jnp.sin(t), jnp.cos(t)], axis=-1)[None]
    pretrained = Screener(2, 4, rngs=nnx.Rngs(0))
    job = WarmStartJob(pretrained, leads=2, n_rhythms=4, seed=1)
    return job.stability_check(trace, n_aug=6)
