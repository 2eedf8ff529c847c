# label: ok
# flax-error: none
# class: 4 the model and nnx.Optimizer held in a TrainBundle dataclass on a SleepStageTrainer enter the scan as carry; nnx.update writes the final states back into the bundle
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
        def micro_step(carry, batch):
            model, optimizer = carry
            loss, grads = nnx.value_and_grad(cross_entropy)(model, *batch)
            optimizer.update(model, grads)
            return (model, optimizer), loss

        (model, optimizer), losses = jax.lax.scan(
            micro_step, (self.bundle.model, self.bundle.optimizer), (epochs, stages))
        nnx.update(self.bundle.model, nnx.state(model))
        nnx.update(self.bundle.optimizer, nnx.state(optimizer))
        return losses.mean()


def main():
    model = StageClassifier(bands=8, stages=5, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
    trainer = SleepStageTrainer(TrainBundle(model, optimizer))
    epochs = jax.random.normal(jax.random.key(1), (6, 10, 8))
    stages = jax.random.randint(jax.random.key(2), (6, 10), 0, 5)
    jax.block_until_ready(trainer.train_night(epochs, stages))
    return None
