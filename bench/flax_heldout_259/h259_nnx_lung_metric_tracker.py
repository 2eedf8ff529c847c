# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the MultiMetric reaches the scan body as runner.tracker.metrics and is updated there at every validation batch
"""Validation pass for the lung-nodule segmenter with a shared metric tracker."""
from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class NoduleSegmenter(nnx.Module):
    def __init__(self, width: int, *, rngs: nnx.Rngs):
        self.conv1 = nnx.Conv(1, width, (3, 3), padding="SAME", rngs=rngs)
        self.conv2 = nnx.Conv(width, 2, (3, 3), padding="SAME", rngs=rngs)

    def __call__(self, x):
        return self.conv2(nnx.relu(self.conv1(x)))


@dataclass
class MetricTracker:
    metrics: nnx.MultiMetric = field(
        default_factory=lambda: nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            pixel_accuracy=nnx.metrics.Accuracy(),
        )
    )
    history: list = field(default_factory=list)

    def close_epoch(self):
        self.history.append(self.metrics.compute())
        self.metrics.reset()
        return self.history[-1]


class ValidationRunner:
    def __init__(self, model: NoduleSegmenter, tracker: MetricTracker):
        self.model = model
        self.tracker = tracker

    def run(self, images, masks):
        def validate_batch(seen, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            self.tracker.metrics.update(loss=loss, logits=logits.reshape(-1, 2), labels=y.reshape(-1))
            return seen + x.shape[0], None

        seen, _ = jax.lax.scan(validate_batch, 0, (images, masks))
        return seen, self.tracker.close_epoch()


def main():
    k_img, k_mask = jax.random.split(jax.random.key(41))
    images = jax.random.normal(k_img, (3, 2, 8, 8, 1))
    masks = (jax.random.uniform(k_mask, (3, 2, 8, 8)) > 0.85).astype(jnp.int32)
    runner = ValidationRunner(NoduleSegmenter(4, rngs=nnx.Rngs(3)), MetricTracker())
    result = runner.run(images, masks)
    jax.block_until_ready(result)
    return None
