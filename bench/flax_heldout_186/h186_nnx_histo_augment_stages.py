# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a shared nnx.Rngs 'augment' stream is reached through trainer.pipeline.stages[i].rngs; the scan body runs the pipeline without keys, so each stage draws from the outer stream
"""Histopathology patch classification: stain jitter, flips and blur noise are applied to each
patch inside the training loop. Stages are nnx Modules so they checkpoint with the model."""
from typing import Sequence

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class StainJitter(nnx.Module):
    def __init__(self, strength: float, rngs: nnx.Rngs):
        self.strength = strength
        self.rngs = rngs

    def __call__(self, patch, key=None):
        key = self.rngs.augment() if key is None else key
        shift = self.strength * jax.random.normal(key, (patch.shape[-1],))
        return patch + shift


class RandomFlip(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.rngs = rngs

    def __call__(self, patch, key=None):
        key = self.rngs.augment() if key is None else key
        flip = jax.random.bernoulli(key)
        return jnp.where(flip, patch[:, ::-1], patch)


class BlurNoise(nnx.Module):
    def __init__(self, sigma: float, rngs: nnx.Rngs):
        self.sigma = sigma
        self.rngs = rngs

    def __call__(self, patch, key=None):
        key = self.rngs.augment() if key is None else key
        return patch + self.sigma * jax.random.normal(key, patch.shape)


class AugmentPipeline(nnx.Module):
    def __init__(self, stages: Sequence[nnx.Module]):
        self.stages = nnx.List(stages)

    def __call__(self, patch, key=None):
        stage_keys = [None] * len(self.stages) if key is None else jax.random.split(key, len(self.stages))
        for stage, stage_key in zip(self.stages, stage_keys):
            patch = stage(patch, stage_key)
        return patch


class PatchTrainer:
    def __init__(self, pipeline: AugmentPipeline, head: nnx.Linear):
        self.pipeline = pipeline
        self.head = head

    def augmented_epoch(self, patches):
        def body(carry, patch):
            view = self.pipeline(patch)
            score = self.head(view.mean(axis=(0, 1)))
            return carry + score.sum(), view - patch

        _, perturbations = scan(body, jnp.zeros(()), patches)
        return perturbations


def main():
    rngs = nnx.Rngs(0, augment=42)
    pipeline = AugmentPipeline([StainJitter(0.05, rngs), RandomFlip(rngs), BlurNoise(0.02, rngs)])
    trainer = PatchTrainer(pipeline, nnx.Linear(3, 2, rngs=rngs))
    patch = jax.random.uniform(jax.random.key(1), (8, 8, 3))
    patches = jnp.broadcast_to(patch, (4,) + patch.shape)  # the same patch revisited each step
    return trainer.augmented_epoch(patches)
