# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 4 Trainer.fit reaches the model and optimizer through self.state (a TrainState dataclass) and updates them in the fori_loop body
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class Regressor(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.hidden = nnx.Linear(din, 8, rngs=rngs)
        self.out = nnx.Linear(8, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


@dataclasses.dataclass
class TrainState:
    model: Regressor
    optimizer: nnx.Optimizer


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, state, x, y):
        self.state = state
        self.x, self.y = x, y

    def fit(self, n_steps):
        def body(i, loss_sum):
            loss, grads = nnx.value_and_grad(mse_loss)(self.state.model, self.x, self.y)
            self.state.optimizer.update(self.state.model, grads)
            return loss_sum + loss

        total = jax.lax.fori_loop(0, n_steps, body, jnp.zeros(()))
        return total / n_steps


def main():
    model = Regressor(3, 1, rngs=nnx.Rngs(0))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    x = jnp.linspace(-1.0, 1.0, 24).reshape(8, 3)
    y = jnp.sum(x, axis=-1, keepdims=True)
    mean_loss = Trainer(state, x, y).fit(n_steps=5)
    jax.block_until_ready(mean_loss)
