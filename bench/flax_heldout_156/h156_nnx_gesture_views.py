# label: same-values
# flax-error: none
# class: 2 ContrastivePretrainer.sample_views draws key = self.rngs.augment() into a local before the scan; the body jitters every view with that local key
"""Sign-language gesture pretraining: augmented views of a keypoint clip for a contrastive loss."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class GestureEncoder(nnx.Module):
    def __init__(self, keypoints, dim, rngs):
        self.proj = nnx.Linear(keypoints, dim, rngs=rngs)

    def __call__(self, frames):
        return nnx.gelu(self.proj(frames)).mean(0)


def jitter(key, frames, scale):
    noise = scale * jax.random.normal(key, frames.shape)
    return frames + noise, noise


@dataclass(frozen=True)
class ViewConfig:
    views: int = 5
    jitter_scale: float = 0.05


class ContrastivePretrainer:
    def __init__(self, encoder, rngs, config):
        self.encoder = encoder
        self.rngs = rngs
        self.config = config

    def sample_views(self, frames):
        key = self.rngs.augment()

        def body(norm_sum, _):
            augmented, noise = jitter(key, frames, self.config.jitter_scale)
            emb = self.encoder(augmented)
            return norm_sum + jnp.linalg.norm(emb), noise

        _, noises = scan(body, jnp.zeros(()), None, length=self.config.views)
        return noises


def main():
    rngs = nnx.Rngs(params=0, augment=1)
    encoder = GestureEncoder(keypoints=10, dim=8, rngs=rngs)
    frames = jax.random.normal(jax.random.key(2), (4, 10))
    pretrainer = ContrastivePretrainer(encoder, rngs, ViewConfig())
    return pretrainer.sample_views(frames)
