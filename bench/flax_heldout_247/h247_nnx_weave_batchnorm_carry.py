# label: ok
# flax-error: none
# class: 3 WeaveStatsTrainer.adapt_statistics passes self.model as the jax.lax.scan carry; the body calls the carried model in training mode and the result is written back with nnx.update
"""Weave-pattern classifier for the jacquard line: statistics adaptation before a new warp."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class WeaveSpec:
    features: int = 6  # ends/cm, picks/cm, float length, crimp, twist, cover factor
    patterns: int = 3  # plain, twill, satin
    hidden: int = 8


class WeaveNet(nnx.Module):
    def __init__(self, spec: WeaveSpec, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(spec.features, spec.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(spec.hidden, momentum=0.9, rngs=rngs)
        self.classify = nnx.Linear(spec.hidden, spec.patterns, rngs=rngs)

    def __call__(self, x):
        return self.classify(nnx.relu(self.norm(self.embed(x))))


class ModeSwitchMixin:
    def training(self):
        self.model.train()
        return self

    def evaluating(self):
        self.model.eval()
        return self


class StatsReportMixin:
    @property
    def norm_statistics(self):
        return {"mean": self.model.norm.mean[...], "var": self.model.norm.var[...]}


class WeaveStatsTrainer(ModeSwitchMixin, StatsReportMixin):
    def __init__(self, spec: WeaveSpec, seed: int = 0):
        self.spec = spec
        self.model = WeaveNet(spec, rngs=nnx.Rngs(seed))

    def adapt_statistics(self, warp_batches):
        self.training()

        def one_batch(model, batch):
            logits = model(batch)
            return model, logits.mean(axis=0)

        adapted, mean_logits = jax.lax.scan(one_batch, self.model, warp_batches)
        nnx.update(self.model, nnx.state(adapted))
        return mean_logits


def warp_batches(spec: WeaveSpec, n: int = 4, size: int = 5):
    row = jnp.linspace(0.1, 1.0, spec.features)
    return jnp.ones((n, size, 1)) * row


def main():
    spec = WeaveSpec()
    trainer = WeaveStatsTrainer(spec)
    mean_logits = trainer.adapt_statistics(warp_batches(spec))
    logits = trainer.evaluating().model(warp_batches(spec, n=1)[0])
    jax.block_until_ready((mean_logits, logits, trainer.norm_statistics))
    return None
