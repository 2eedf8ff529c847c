# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the model and nnx.Optimizer held in a TrainBundle dataclass on a SleepStageTrainer reach the scan body as self.bundle.model / self.bundle.optimizer and go to nnx.value_and_grad and optimizer.update
"""Sleep staging from EEG epochs: the trainer accumulates one optimisation step per micro-batch
of a night's recording with a raw scan, to keep the night on device."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class StageClassifier(nnx.Module):
    def __init__(self, bands: int, stages: int, rngs: nnx.Rngs):
        self.conv = nnx.Linear(bands, 16, rngs=rngs)
        self.head = nnx.Linear(16, stages, rngs=rngs)

    def __call__(self, epochs):
        return self.head(nnx.gelu(self.conv(epochs)))


@dataclass
class TrainBundle:
    model: StageClassifier
    optimizer: nnx.Optimizer


def cross_entropy(model, epochs, stages):
    logits = model(epochs)
    return optax.softmax_cross_entropy_with_integer_labels(logits, stages).mean()


class SleepStageTrainer:
    def __init__(self, bundle: TrainBundle):
        self.bundle = bundle

    def train_night(self, epochs, stages):
        def micro_step(_, batch):
            loss, grads = nnx.value_and_grad(cross_entropy)(self.bundle.model, *batch)
            self.bundle.optimizer.update(self.bundle.model, grads)
            return None, loss

        _, losses = jax.lax.scan(micro_step, None, (epochs, stages))
        return losses.mean()


def main():
    model = StageClassifier(bands=8, stages=5, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    trainer = SleepStageTrainer(TrainBundle(model, optimizer))
    epochs = jax.random.normal(jax.random.key(1), (6, 10, 8))
    stages = jax.random.randint(jax.random.key(2), (6, 10), 0, 5)
    jax.block_until_ready(trainer.train_night(epochs, stages))
    return None
