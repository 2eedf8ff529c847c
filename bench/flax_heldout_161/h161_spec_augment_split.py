# label: ok
# flax-error: none
# class: 4 AugmentationPipeline.augmenter -> MaskAugmenter.bound (SpecAugment bound with rngs={"mask": key}); the epoch keys are split before the scan and enter as xs
"""Speech training data pipeline: SpecAugment time/frequency masking, one fresh mask per epoch.

The pipeline pre-computes the masks for several epochs of one utterance and returns them stacked
by epoch so the data loader can replay them.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SpecAugment(nn.Module):
    freq_keep: float = 0.8
    time_keep: float = 0.9

    @nn.compact
    def __call__(self, feats, key=None):
        key = self.make_rng("mask") if key is None else key
        freq_key, time_key = jax.random.split(key)
        freq = jax.random.bernoulli(freq_key, self.freq_keep, feats.shape[-1:])
        time = jax.random.bernoulli(time_key, self.time_keep, feats.shape[:1])
        return (time[:, None] & freq[None, :]).astype(feats.dtype)


class MaskAugmenter:
    def __init__(self, module: SpecAugment, seed: int):
        init_key, mask_key = jax.random.split(jax.random.key(seed))
        variables = module.init({"mask": init_key}, jnp.zeros((4, 4)))
        self.bound = module.bind(variables, rngs={"mask": mask_key})

    def masks(self, feats, key=None):
        return self.bound(feats, key)

    def epoch_keys(self, epochs):
        return jax.random.split(self.bound.make_rng("mask"), epochs)


class AugmentationPipeline:
    def __init__(self, augmenter: MaskAugmenter, epochs: int):
        self.augmenter = augmenter
        self.epochs = epochs

    def precompute(self, feats):
        def epoch(count, key):
            return count + 1, self.augmenter.masks(feats, key)

        _, masks = jax.lax.scan(epoch, 0, self.augmenter.epoch_keys(self.epochs))
        return masks


def main():
    feats = jax.random.normal(jax.random.key(0), (40, 16))
    pipeline = AugmentationPipeline(MaskAugmenter(SpecAugment(), seed=3), epochs=5)
    return pipeline.precompute(feats)
