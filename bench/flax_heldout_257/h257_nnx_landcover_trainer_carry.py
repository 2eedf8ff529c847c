# label: ok
# flax-error: none
# class: 4 Trainer.fit_epoch splits self.bundle.model and self.bundle.optimizer, built from a config by build_bundle, threads their state through the scan carry and merges it in the body
"""Per-pixel land-cover classifier trained epoch by epoch from a config-driven builder."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax as jlax


@dataclass(frozen=True)
class TrainConfig:
    bands: int = 6
    classes: int = 4
    hidden: int = 16
    optimizer: str = "adamw"
    learning_rate: float = 1e-2
    seed: int = 0


OPTIMIZERS = {
    "adamw": lambda cfg: optax.adamw(cfg.learning_rate, weight_decay=1e-4),
    "sgd": lambda cfg: optax.sgd(cfg.learning_rate, momentum=0.9),
}


class LandCoverNet(nnx.Module):
    def __init__(self, cfg: TrainConfig, rngs: nnx.Rngs):
        self.spectral = nnx.Linear(cfg.bands, cfg.hidden, rngs=rngs)
        self.classify = nnx.Linear(cfg.hidden, cfg.classes, rngs=rngs)

    def __call__(self, pixels):
        return self.classify(nnx.relu(self.spectral(pixels)))


@dataclass
class TrainBundle:
    model: LandCoverNet
    optimizer: nnx.Optimizer


def build_bundle(cfg: TrainConfig) -> TrainBundle:
    model = LandCoverNet(cfg, nnx.Rngs(cfg.seed))
    optimizer = nnx.Optimizer(model, OPTIMIZERS[cfg.optimizer](cfg), wrt=nnx.Param)
    return TrainBundle(model, optimizer)


def pixel_loss(model, pixels, labels):
    logits = model(pixels)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


class Trainer:
    def __init__(self, bundle: TrainBundle):
        self.bundle = bundle

    def fit_epoch(self, pixel_batches, label_batches):
        graphdef, state = nnx.split((self.bundle.model, self.bundle.optimizer))

        def train_step(state, batch):
            pixels, labels = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(pixel_loss)(model, pixels, labels)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jlax.scan(train_step, state, (pixel_batches, label_batches))
        nnx.update((self.bundle.model, self.bundle.optimizer), state)
        return losses


def main():
    cfg = TrainConfig()
    key_x, key_y = jax.random.split(jax.random.key(1))
    pixels = jax.random.uniform(key_x, (4, 16, cfg.bands))
    labels = jax.random.randint(key_y, (4, 16), 0, cfg.classes)
    trainer = Trainer(build_bundle(cfg))
    losses = trainer.fit_epoch(pixels, labels)
    jax.block_until_ready(losses)
