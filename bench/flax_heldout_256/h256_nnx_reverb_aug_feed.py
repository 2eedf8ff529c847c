# label: same-values
# flax-error: none
# class: 4 the scan body calls feed.augmenter.corrupt, which builds nnx.Rngs from the augmenter config's seed on every call
"""Reverb-and-noise augmentation feeding a speech-enhancement encoder."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

N_BINS = 8


@dataclasses.dataclass(frozen=True)
class AugmentConfig:
    seed: int = 23
    noise_level: float = 0.1
    decay: float = 0.6


class ReverbAugmenter:
    def __init__(self, config: AugmentConfig):
        self.config = config

    def corrupt(self, frame):
        rngs = nnx.Rngs(noise=self.config.seed)
        tail = self.config.decay * jnp.roll(frame, 1)
        return frame + tail + self.config.noise_level * jax.random.normal(rngs.noise(), frame.shape)


class FrameEncoder(nnx.Module):
    def __init__(self, n_bins: int, n_out: int, rngs: nnx.Rngs):
        self.linear = nnx.Linear(n_bins, n_out, rngs=rngs)

    def __call__(self, frame):
        return jnp.tanh(self.linear(jnp.log1p(jnp.abs(frame))))


class TrainingFeed:
    def __init__(self, augmenter: ReverbAugmenter, encoder: FrameEncoder):
        self.augmenter = augmenter
        self.encoder = encoder


class FeedRunner:
    def __init__(self, feed: TrainingFeed):
        self.feed = feed

    def augmented_features(self, clean, n_copies: int):
        copies = jnp.broadcast_to(clean, (n_copies,) + clean.shape)

        def body(carry, frame):
            return carry, self.feed.encoder(self.feed.augmenter.corrupt(frame))

        _, features = jax.lax.scan(body, None, copies)
        return features


def main():
    clean = jnp.cos(jnp.arange(N_BINS, dtype=jnp.float32)) ** 2
    feed = TrainingFeed(ReverbAugmenter(AugmentConfig()), FrameEncoder(N_BINS, 4, nnx.Rngs(0)))
    return FeedRunner(feed).augmented_features(clean, n_copies=4)
