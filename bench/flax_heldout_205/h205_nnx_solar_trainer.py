# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 Trainer -> TrainState bundle -> model and nnx.Optimizer are passed to nnx.value_and_grad and optimizer.update in the fori_loop body
"""Solar farm soiling forecaster: fine-tune a panel-loss regressor on a day of inverter telemetry."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class SoilingRegressor(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_features, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.silu(self.l1(x)))[..., 0]


class TrainState:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, state: TrainState):
        self.state = state

    def fit_day(self, xs, ys):
        def body(i, total):
            loss, grads = nnx.value_and_grad(loss_fn)(self.state.model, xs[i], ys[i])
            self.state.optimizer.update(self.state.model, grads)
            return total + loss

        total = lax.fori_loop(0, xs.shape[0], body, jnp.float32(0.0))
        return total / xs.shape[0]


def main():
    key_x, key_w = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(key_x, (6, 8, 5))  # hourly batches: irradiance, temperature, dust index, ...
    ys = xs @ jax.random.normal(key_w, (5,)) * 0.1
    trainer = Trainer(TrainState(SoilingRegressor(5, nnx.Rngs(1)), 1e-2))
    jax.block_until_ready(trainer.fit_day(xs, ys))
    return None
