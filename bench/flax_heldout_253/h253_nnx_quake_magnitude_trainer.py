# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 runner.trainer.model and .optimizer are rebound to the merged objects inside the scan body and used after the loop
"""Magnitude regression from station amplitude features, trained per network region."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class RegionConfig:
    region: str = "cascadia"
    features: int = 6
    hidden: int = 16
    batches: int = 5
    batch_size: int = 8
    learning_rate: float = 1e-2


class MagnitudeHead(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(features, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, amplitudes):
        return self.out(nnx.swish(self.encode(amplitudes)))[:, 0]


class RegionTrainer:
    def __init__(self, model: MagnitudeHead, optimizer: nnx.Optimizer):
        self.model = model
        self.optimizer = optimizer

    @staticmethod
    def _loss(model, batch):
        amplitudes, magnitudes = batch
        return jnp.mean(optax.huber_loss(model(amplitudes), magnitudes))

    def fit(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_batch(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self._loss)(model, batch)
            optimizer.update(model, grads)
            self.model, self.optimizer = model, optimizer
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(train_batch, state, batches)
        return losses

    def evaluate(self, batch):
        return self._loss(self.model, batch)


class RegionRunner:
    def __init__(self, cfg: RegionConfig, trainer: RegionTrainer):
        self.cfg = cfg
        self.trainer = trainer

    def run(self, batches, holdout):
        losses = self.trainer.fit(batches)
        return losses, self.trainer.evaluate(holdout)


def build_runner(cfg: RegionConfig) -> RegionRunner:
    model = MagnitudeHead(cfg.features, cfg.hidden, rngs=nnx.Rngs(params=0))
    optimizer = nnx.Optimizer(model, optax.adam(cfg.learning_rate), wrt=nnx.Param)
    return RegionRunner(cfg, RegionTrainer(model, optimizer))


def synthetic_catalogue(cfg: RegionConfig, key):
    k1, k2 = jax.random.split(key)
    amplitudes = jax.random.normal(k1, (cfg.batches, cfg.batch_size, cfg.features))
    magnitudes = 3.0 + amplitudes.mean(-1) + 0.1 * jax.random.normal(k2, (cfg.batches, cfg.batch_size))
    return amplitudes, magnitudes


def main():
    cfg = RegionConfig()
    runner = build_runner(cfg)
    batches = synthetic_catalogue(cfg, jax.random.key(1))
    holdout = jax.tree.map(lambda a: a[0], synthetic_catalogue(cfg, jax.random.key(2)))
    losses, holdout_loss = runner.run(batches, holdout)
    jax.block_until_ready((losses, holdout_loss))
    return None
