# label: ok
# flax-error: none
# class: 5 build() returns (model, step) with step = functools.partial(_tta_step, model); one key per round split from rngs.augment() and scanned as xs
"""Crop-disease detection on drone tiles with test-time augmentation (TTA).

A builder returns the model and its TTA step from a frozen config; the service runs the
step several times per tile and averages the class probabilities.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class TTAConfig:
    bands: int = 5
    classes: int = 3
    jitter: float = 0.3
    rounds: int = 6


class TileClassifier(nnx.Module):
    def __init__(self, cfg: TTAConfig, rngs: nnx.Rngs):
        self.mix = nnx.Linear(cfg.bands, 16, rngs=rngs)
        self.head = nnx.Linear(16, cfg.classes, rngs=rngs)

    def __call__(self, tile):
        return jax.nn.softmax(self.head(nnx.relu(self.mix(tile))).mean(axis=0))


def _tta_step(model, carry, key, *, jitter):
    tile = carry
    noisy = tile + jitter * jax.random.normal(key, tile.shape)
    return carry, model(noisy)


def build(cfg: TTAConfig, seed: int):
    rngs = nnx.Rngs(params=seed, augment=seed + 1)
    model = TileClassifier(cfg, rngs)
    step = functools.partial(_tta_step, model, jitter=cfg.jitter)
    return model, step, rngs


class TTAService:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model, self.step, self.rngs = build(cfg, seed=0)

    def predict(self, tile):
        keys = jax.random.split(self.rngs.augment(), self.cfg.rounds)
        _, probs = jax.lax.scan(self.step, tile, keys)
        return probs


def main():
    tile = jax.random.normal(jax.random.key(9), (16, 5))
    return TTAService(TTAConfig()).predict(tile)
