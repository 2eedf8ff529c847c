# label: ok
# flax-error: none
# class: 3 the evaluator's model and variables attributes go into the scan body over the slices of a CT volume; the evaluator holds the model in inference mode
"""Slice-by-slice evaluation of the kidney segmenter on CT volumes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import jax
import jax.numpy as jnp
import jax.lax as jlax
from flax import linen as nn


class KidneyNet(nn.Module):
    features: int = 4
    train: bool = True

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(self.features, (3, 3), padding="SAME")(x)
        x = nn.BatchNorm(use_running_average=not self.train)(x)
        x = nn.relu(x)
        return nn.Conv(1, (1, 1))(x)[..., 0]


@dataclass
class OverlapTotals:
    intersection: Any = 0.0
    union: Any = 0.0
    slices: int = 0

    def merge(self, intersection, union, slices):
        self.intersection = self.intersection + intersection
        self.union = self.union + union
        self.slices += slices

    @property
    def iou(self):
        return self.intersection / jnp.maximum(self.union, 1e-6)


class VolumeEvaluator:
    def __init__(self, model: nn.Module, variables: Mapping, totals: OverlapTotals, threshold: float = 0.5):
        self.model = model.clone(train=False)
        self.variables = variables
        self.totals = totals
        self.threshold = threshold

    def _overlap(self, logits, mask):
        pred = (jax.nn.sigmoid(logits) > self.threshold).astype(jnp.float32)
        inter = jnp.sum(pred * mask)
        return inter, jnp.sum(pred) + jnp.sum(mask) - inter

    def evaluate(self, volume, masks):
        def per_slice(acc, item):
            image, mask = item
            logits = self.model.apply(self.variables, image[None])[0]
            inter, union = self._overlap(logits, mask)
            return (acc[0] + inter, acc[1] + union), None

        (inter, union), _ = jlax.scan(per_slice, (0.0, 0.0), (volume, masks))
        self.totals.merge(inter, union, volume.shape[0])
        return self.totals.iou


def main():
    k_vol, k_mask, k_init = jax.random.split(jax.random.key(7), 3)
    volume = jax.random.normal(k_vol, (4, 8, 8, 1))
    masks = (jax.random.uniform(k_mask, (4, 8, 8)) > 0.7).astype(jnp.float32)

    model = KidneyNet()
    variables = model.init(k_init, volume[:1])
    evaluator = VolumeEvaluator(model, variables, OverlapTotals())
    iou = evaluator.evaluate(volume, masks)
    jax.block_until_ready(iou)
    return None
