# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 3 the fori_loop body, a method of the trainer, differentiates and updates the trainer's model and optimizer attributes
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass
class CoverSurveyData:
    photo_features: jnp.ndarray
    live_cover: jnp.ndarray


class CoverRegressor(nnx.Module):
    """Live coral cover (fraction) from photo-quadrat colour features."""

    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, feats):
        return nnx.sigmoid(self.out(nnx.gelu(self.hidden(feats)))).squeeze(-1)


def cover_loss(model: CoverRegressor, data: CoverSurveyData):
    return jnp.mean((model(data.photo_features) - data.live_cover) ** 2)


class CoverTrainer:
    def __init__(self, n_features: int, lr: float = 0.05, seed: int = 3):
        self.model = CoverRegressor(n_features, rngs=nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(lr), wrt=nnx.Param)

    def _epoch(self, data: CoverSurveyData):
        def body(epoch, running):
            loss, grads = nnx.value_and_grad(cover_loss)(self.model, data)
            self.optimizer.update(self.model, grads)
            return running + loss

        return body

    def fit(self, data: CoverSurveyData, epochs: int):
        total = lax.fori_loop(0, epochs, self._epoch(data), jnp.float32(0.0))
        return total / epochs


def heron_reef_photos():
    feats = jnp.array([[0.31, 0.52, 0.40], [0.62, 0.30, 0.22], [0.45, 0.44, 0.35], [0.12, 0.70, 0.55]])
    cover = jnp.array([0.42, 0.71, 0.55, 0.18])
    return CoverSurveyData(feats, cover)


def main():
    trainer = CoverTrainer(n_features=3)
    mean_loss = trainer.fit(heron_reef_photos(), epochs=4)
    jax.block_until_ready(mean_loss)
    return None
