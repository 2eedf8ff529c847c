# label: ok
# flax-error: none
# class: 3 the trainer's graphdef and split state enter the scan; the final state leaves in the carry and is written back into the trainer's model before it is served
"""Online forecaster of truck arrivals at a cross-dock hub."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.lax as lax
import optax
from flax import nnx


class ArrivalForecaster(nnx.Module):
    def __init__(self, window: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(window, hidden, rngs=rngs)
        self.decode = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, history):
        return self.decode(nnx.tanh(self.encode(history)))[..., 0]


def squared_error(model, history, arrivals):
    return jnp.mean((model(history) - arrivals) ** 2)


class OnlineHubTrainer:
    def __init__(self, model: ArrivalForecaster, tx: optax.GradientTransformation):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    def consume(self, windows, arrivals):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def update(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(squared_error)(model, *batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(update, state, (windows, arrivals))
        nnx.update((self.model, self.optimizer), state)
        return losses

    def forecast(self, history):
        return self.model(history)


def main():
    k_w, k_a = jax.random.split(jax.random.key(37))
    windows = jax.random.uniform(k_w, (5, 4, 6)) * 10.0  # 5 updates of 4 docks x 6 hours
    arrivals = windows.mean(axis=-1) + jax.random.normal(k_a, (5, 4))
    trainer = OnlineHubTrainer(ArrivalForecaster(6, 8, rngs=nnx.Rngs(2)), optax.adam(1e-2))
    losses = trainer.consume(windows, arrivals)
    forecast = trainer.forecast(windows[-1])
    jax.block_until_ready((losses, forecast))
    return None
