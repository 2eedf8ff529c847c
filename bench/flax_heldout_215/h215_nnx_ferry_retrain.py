# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 NightlyRetrainer.fit -> self.engine.train_step -> nnx.value_and_grad(...)(self.model) and self.optimizer.update in the fori_loop body
"""Nightly retraining of the ferry crossing delay regressor.

The train engine owns the model and its nnx.Optimizer; the nightly retrainer loops over the
day's crossing batches with a fori_loop and calls the engine's train step.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class DelayRegressor(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


class TrainEngine:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_step(self, x, y):
        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(self.model)
        self.optimizer.update(self.model, grads)
        return loss


class NightlyRetrainer:
    def __init__(self, engine: TrainEngine):
        self.engine = engine

    def fit(self, xs, ys):
        def batch(i, total):
            return total + self.engine.train_step(xs[i], ys[i])

        return fori_loop(0, xs.shape[0], batch, jnp.zeros(())) / xs.shape[0]


def crossings(batches=6, size=8):
    wind = jnp.linspace(0.0, 1.0, batches * size).reshape(batches, size)
    swell = jnp.cos(5.0 * wind)
    xs = jnp.stack([wind, swell, jnp.ones_like(wind)], axis=-1)
    ys = 10.0 * wind + 3.0 * swell
    return xs, ys


def main():
    xs, ys = crossings()
    engine = TrainEngine(DelayRegressor(3, rngs=nnx.Rngs(0)))
    mean_loss = NightlyRetrainer(engine).fit(xs, ys)
    jax.block_until_ready(mean_loss)
    return None
