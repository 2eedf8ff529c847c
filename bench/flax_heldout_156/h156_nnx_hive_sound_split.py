# label: ok
# flax-error: none
# class: 4 AugmentStage reaches self.trainer.augmenter.rngs, nnx.split()s it before the scan, carries the rng state, merges it in the body and nnx.update()s after
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
    """Draws hum from the trainer's stream, threaded through the loop as state."""

    def __init__(self, trainer):
        self.trainer = trainer

    def hum_for(self, rngs, shape):
        augmenter = self.trainer.augmenter
        return augmenter.scale * jax.random.normal(rngs.hum(), shape)

    def run(self, clips):
        graphdef, rng_state = nnx.split(self.trainer.augmenter.rngs)

        def body(carry, clip):
            logit_sum, rng_state = carry
            rngs = nnx.merge(graphdef, rng_state)
            hum = self.hum_for(rngs, clip.shape)
            logits = self.trainer.classifier(clip + hum)
            return (logit_sum + logits.sum(), nnx.state(rngs)), hum

        (_, rng_state), hums = lax.scan(body, (jnp.zeros(()), rng_state), clips)
        nnx.update(self.trainer.augmenter.rngs, rng_state)
        return hums


def main():
    trainer = HiveTrainer(HiveClassifier(bins=16, rngs=nnx.Rngs(0)), HiveAugmenter(seed=5))
    clips = jax.random.normal(jax.random.key(6), (5, 16))
    return AugmentStage(trainer).run(clips)
