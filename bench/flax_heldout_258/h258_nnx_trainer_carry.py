# label: ok
# flax-error: none
# class: 4 Trainer.fit splits the model and optimizer reached through self.state (a TrainState dataclass) and threads their state through the fori_loop carry
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
        graphdef, train_state = nnx.split((self.state.model, self.state.optimizer))

        def body(i, carry):
            train_state, loss_sum = carry
            model, optimizer = nnx.merge(graphdef, train_state)
            loss, grads = nnx.value_and_grad(mse_loss)(model, self.x, self.y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss_sum + loss

        train_state, total = jax.lax.fori_loop(0, n_steps, body, (train_state, jnp.zeros(())))
        nnx.update((self.state.model, self.state.optimizer), train_state)
        return total / n_steps


def main():
    model = Regressor(3, 1, rngs=nnx.Rngs(0))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    x = jnp.linspace(-1.0, 1.0, 24).reshape(8, 3)
    y = jnp.sum(x, axis=-1, keepdims=True)
    mean_loss = Trainer(state, x, y).fit(n_steps=5)
    jax.block_until_ready(mean_loss)
