# label: ok
# flax-error: none
# class: 3 StreamingSpotter.__call__ scans audio frames and the body calls self.frame_mask, an nn.Dropout attribute from setup; one make_rng('dropout') before the loop is split into per-frame keys passed as xs
"""On-device keyword spotting: streaming GRU with frame-mask augmentation during training."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class SpotterConfig:
    mel_bins: int = 10
    hidden: int = 12
    keywords: int = 3
    mask_rate: float = 0.3


class StreamingSpotter(nn.Module):
    cfg: SpotterConfig

    def setup(self):
        self.frontend = nn.Dense(self.cfg.hidden)
        self.frame_mask = nn.Dropout(rate=self.cfg.mask_rate)
        self.cell = nn.GRUCell(features=self.cfg.hidden)
        self.classifier = nn.Dense(self.cfg.keywords)

    def __call__(self, frames, train: bool = True):  # frames: [time, batch, mel]
        h = self.cell.initialize_carry(jax.random.key(0), frames[0].shape[:-1] + (self.cfg.hidden,))
        if self.is_initializing():
            h, _ = self.cell(h, self.frontend(frames[0]))

        keys = jax.random.split(self.make_rng("dropout"), frames.shape[0])

        def step(h, inputs):
            frame, key = inputs
            keep = self.frame_mask(jnp.ones_like(frame), deterministic=not train, rng=key)
            h, _ = self.cell(h, self.frontend(frame * keep))
            return h, keep

        h, masks = jax.lax.scan(step, h, (frames, keys))
        return self.classifier(h), masks


class AugmentedTrainStep:
    def __init__(self, model: StreamingSpotter, variables):
        self.model = model
        self.variables = variables

    def forward(self, frames, rng):
        logits, masks = self.model.apply(self.variables, frames, rngs={"dropout": rng})
        return logits, masks


def main():
    cfg = SpotterConfig()
    frames = jax.random.normal(jax.random.key(0), (6, 2, cfg.mel_bins))
    model = StreamingSpotter(cfg)
    variables = model.init({"params": jax.random.key(1), "dropout": jax.random.key(2)}, frames, train=False)
    _, masks = AugmentedTrainStep(model, variables).forward(frames, jax.random.key(3))
    return masks
