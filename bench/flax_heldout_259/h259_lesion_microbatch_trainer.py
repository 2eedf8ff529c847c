# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 batch_stats live in the trainer's TrainBundle dataclass; the scan body reads trainer.bundle.batch_stats and assigns the mutated collection back onto trainer.bundle
"""Micro-batch trainer for the liver-lesion slice segmenter."""
from __future__ import annotations

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


class ConvBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, *, train: bool):
        x = nn.Conv(self.features, (3, 3), padding="SAME")(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class LesionSegmenter(nn.Module):
    width: int = 4
    num_classes: int = 2

    @nn.compact
    def __call__(self, x, *, train: bool = False):
        x = ConvBlock(self.width)(x, train=train)
        x = ConvBlock(self.width)(x, train=train)
        return nn.Conv(self.num_classes, (1, 1))(x)


@dataclasses.dataclass
class TrainBundle:
    params: Any
    batch_stats: Any
    opt_state: Any
    epoch: int = 0


@dataclasses.dataclass
class DiceMeter:
    total: float = 0.0
    count: int = 0

    def add(self, dice) -> None:
        self.total += float(dice)
        self.count += 1

    @property
    def mean(self) -> float:
        return self.total / max(self.count, 1)


def soft_dice(logits, masks, smooth: float = 1.0):
    probs = jax.nn.softmax(logits)[..., 1]
    inter = jnp.sum(probs * masks)
    return (2.0 * inter + smooth) / (jnp.sum(probs) + jnp.sum(masks) + smooth)


class SegTrainer:
    def __init__(self, model: nn.Module, tx: optax.GradientTransformation, meter: DiceMeter):
        self.model = model
        self.tx = tx
        self.meter = meter
        self.bundle: TrainBundle | None = None

    def setup(self, rng, sample) -> None:
        variables = self.model.init(rng, sample, train=False)
        params = variables["params"]
        self.bundle = TrainBundle(params, variables["batch_stats"], self.tx.init(params))

    def _loss(self, params, batch_stats, images, masks):
        logits, mutated = self.model.apply(
            {"params": params, "batch_stats": batch_stats},
            images,
            train=True,
            mutable=["batch_stats"],
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, masks).mean()
        return loss, mutated["batch_stats"]

    def run_epoch(self, images, masks):
        grad_fn = jax.value_and_grad(self._loss, has_aux=True)

        def micro_step(carry, batch):
            params, opt_state = carry
            (loss, new_stats), grads = grad_fn(params, self.bundle.batch_stats, *batch)
            self.bundle.batch_stats = new_stats
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), loss

        (params, opt_state), losses = jax.lax.scan(
            micro_step, (self.bundle.params, self.bundle.opt_state), (images, masks)
        )
        self.bundle.params = params
        self.bundle.opt_state = opt_state
        self.bundle.epoch += 1
        return losses


class SegEvaluator:
    def __init__(self, model: nn.Module, meter: DiceMeter):
        self.model = model
        self.meter = meter

    def __call__(self, bundle: TrainBundle, images, masks):
        variables = {"params": bundle.params, "batch_stats": bundle.batch_stats}
        logits = self.model.apply(variables, images, train=False)
        dice = soft_dice(logits, masks)
        self.meter.add(dice)
        return dice


def main():
    k_img, k_mask, k_init = jax.random.split(jax.random.key(0), 3)
    images = jax.random.normal(k_img, (3, 2, 8, 8, 1))
    masks = (jax.random.uniform(k_mask, (3, 2, 8, 8)) > 0.6).astype(jnp.int32)

    model = LesionSegmenter()
    meter = DiceMeter()
    trainer = SegTrainer(model, optax.adam(1e-3), meter)
    trainer.setup(k_init, images[0])
    losses = trainer.run_epoch(images, masks)

    evaluator = SegEvaluator(model, meter)
    dice = evaluator(trainer.bundle, images[0], masks[0])
    jax.block_until_ready((losses, dice, trainer.bundle.params))
    return None
