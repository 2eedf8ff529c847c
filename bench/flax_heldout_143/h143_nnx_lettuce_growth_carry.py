# label: ok
# flax-error: none
# class: 4 FarmFacade.trainers['growth'] -> ZoneTrainer model and optimizer are nnx.split before the scan, carried as state, merged in the body and nnx.update-d after
"""Hydroponic farm: a facade over the growth and pH models, fitting the growth model on a week of batches."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class GrowthModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(6, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


class PhModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return 5.5 + nnx.tanh(self.linear(x))[..., 0]


class ZoneTrainer:
    def __init__(self, model: nnx.Module, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    @staticmethod
    def step(model, optimizer, x, y):
        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss


class FarmFacade:
    """One entry point for the farm's models and their trainers."""

    def __init__(self, seed: int = 0):
        rngs = nnx.Rngs(seed)
        self.growth = GrowthModel(rngs)
        self.ph = PhModel(rngs)
        self.trainers = {"growth": ZoneTrainer(self.growth, 1e-2), "ph": ZoneTrainer(self.ph, 5e-3)}

    def fit_growth(self, xs, ys):
        trainer = self.trainers["growth"]
        graphdef, state = nnx.split((trainer.model, trainer.optimizer))

        def body(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss = ZoneTrainer.step(model, optimizer, x, y)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((trainer.model, trainer.optimizer), state)
        return losses

    def predict_height(self, x):
        return self.growth(x)


def main():
    days, trays = 7, 8
    xs = jnp.sin(jnp.arange(days * trays * 6, dtype=jnp.float32)).reshape(days, trays, 6)
    ys = xs.sum(axis=-1) * 0.3 + 1.0
    farm = FarmFacade()
    losses = farm.fit_growth(xs, ys)
    float(losses[-1] + farm.predict_height(xs[0]).mean())
    return None
