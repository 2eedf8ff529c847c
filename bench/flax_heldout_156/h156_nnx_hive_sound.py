# label: same-values
# flax-error: none
# class: 4 AugmentStage reaches self.trainer.augmenter.rngs and nnx.clone()s it inside the scan body before drawing the noise, so the stream never advances
"""Beehive acoustic health classifier: a staged augmentation pipeline adds background hum."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class HiveAugmenter(nnx.Module):
    def __init__(self, seed):
        self.rngs = nnx.Rngs(hum=seed)
        self.scale = 0.1


class HiveClassifier(nnx.Module):
    def __init__(self, bins, rngs):
        self.proj = nnx.Linear(bins, 3, rngs=rngs)

    def __call__(self, spectrum):
        return self.proj(spectrum)


class HiveTrainer:
    def __init__(self, classifier, augmenter):
        self.classifier = classifier
        self.augmenter = augmenter


class AugmentStage:
    """Draws hum without touching the trainer's own stream (the clone is discarded)."""

    def __init__(self, trainer):
        self.trainer = trainer

    def hum_for(self, shape):
        augmenter = self.trainer.augmenter
        rngs = nnx.clone(augmenter.rngs)
        return augmenter.scale * jax.random.normal(rngs.hum(), shape)

    def run(self, clips):
        def body(logit_sum, clip):
            hum = self.hum_for(clip.shape)
            logits = self.trainer.classifier(clip + hum)
            return logit_sum + logits.sum(), hum

        _, hums = lax.scan(body, jnp.zeros(()), clips)
        return hums


def main():
    trainer = HiveTrainer(HiveClassifier(bins=16, rngs=nnx.Rngs(0)), HiveAugmenter(seed=5))
    clips = jax.random.normal(jax.random.key(6), (5, 16))
    return AugmentStage(trainer).run(clips)
