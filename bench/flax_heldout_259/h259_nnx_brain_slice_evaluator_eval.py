# label: ok
# flax-error: none
# class: 3 the evaluator's model attribute, injected through its constructor and switched to eval mode, is called inside the scan body over MRI slices
"""Per-slice Dice evaluation of the brain-tumour segmenter."""
from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx


class TumourSegmenter(nnx.Module):
    def __init__(self, channels: int, width: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Conv(channels, width, (3, 3), padding="SAME", rngs=rngs)
        self.norm = nnx.BatchNorm(width, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.decode = nnx.Conv(width, 1, (1, 1), rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.norm(self.encode(x)))
        return self.decode(self.drop(x))[..., 0]


@dataclass
class DiceReport:
    per_slice: list = field(default_factory=list)

    def extend(self, scores):
        self.per_slice.extend(scores.tolist())

    @property
    def mean(self) -> float:
        return sum(self.per_slice) / max(len(self.per_slice), 1)


def dice_score(logits, mask, eps=1e-6):
    pred = jax.nn.sigmoid(logits)
    return (2 * jnp.sum(pred * mask) + eps) / (jnp.sum(pred) + jnp.sum(mask) + eps)


class SliceEvaluator:
    def __init__(self, model: TumourSegmenter, report: DiceReport):
        self.model = model
        self.report = report

    def evaluate(self, volume, masks):
        self.model.eval()

        def score_slice(count, item):
            image, mask = item
            logits = self.model(image[None])[0]
            return count + 1, dice_score(logits, mask)

        count, scores = jax.lax.scan(score_slice, 0, (volume, masks))
        self.report.extend(scores)
        return count


def main():
    k_vol, k_mask = jax.random.split(jax.random.key(31))
    volume = jax.random.normal(k_vol, (4, 8, 8, 2))  # T1 and FLAIR channels
    masks = (jax.random.uniform(k_mask, (4, 8, 8)) > 0.8).astype(jnp.float32)
    model = TumourSegmenter(2, 4, rngs=nnx.Rngs(0))
    evaluator = SliceEvaluator(model, DiceReport())
    count = evaluator.evaluate(volume, masks)
    jax.block_until_ready(count)
    return None
