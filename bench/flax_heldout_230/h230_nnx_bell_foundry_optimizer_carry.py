# label: ok
# flax-error: none
# class: 5 make_train_step(batch) returns a step function that takes the model and its nnx.Optimizer from the fori_loop carry and returns them
"""Bell foundry: fit a partial-tone model of a cast bell so the tuner knows where to cut."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class CastingConfig:
    learning_rate: float = 0.05
    steps: int = 5
    partials: int = 5  # hum, prime, tierce, quint, nominal


class PartialToneModel(nnx.Module):
    def __init__(self, cfg: CastingConfig, rngs: nnx.Rngs):
        self.profile = nnx.Linear(6, 16, rngs=rngs)
        self.tones = nnx.Linear(16, cfg.partials, rngs=rngs)

    def __call__(self, geometry):
        return self.tones(nnx.swish(self.profile(geometry)))


def make_train_step(batch):
    geometry, measured = batch

    def train_step(step, carry):
        model, optimizer, total_loss = carry

        def loss_fn(m):
            return jnp.mean((m(geometry) - measured) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return model, optimizer, total_loss + loss

    return train_step


def fit_bell(cfg: CastingConfig, batch):
    model = PartialToneModel(cfg, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(cfg.learning_rate), wrt=nnx.Param)
    step = make_train_step(batch)
    model, optimizer, total = lax.fori_loop(0, cfg.steps, step, (model, optimizer, jnp.zeros(())))
    return total


def main():
    cfg = CastingConfig()
    geometry = jax.random.normal(jax.random.key(1), (16, 6))  # strike-point profiles
    measured = jax.random.normal(jax.random.key(2), (16, cfg.partials))  # cents from target
    fit_bell(cfg, (geometry, measured))
