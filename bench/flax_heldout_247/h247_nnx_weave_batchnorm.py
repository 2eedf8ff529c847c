# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 WeaveStatsTrainer.adapt_statistics runs jax.lax.scan with a body that calls self.model in training mode, updating its BatchNorm statistics
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

        def one_batch(count, batch):
            logits = self.model(batch)
            return count + 1, logits.mean(axis=0)

        _, mean_logits = jax.lax.scan(one_batch, 0, warp_batches)
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
