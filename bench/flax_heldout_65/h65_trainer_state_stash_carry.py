# label: ok
# flax-error: none
# class: 3 the Trainer threads its TrainState through the scan carry and assigns self.state after the loop
"""Trainer that scans over a stack of batches, TrainState in the carry."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(32)(x))
        return nn.Dense(1)(x)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.tx = optax.adam(learning_rate)
        self.state = None

    def setup(self, sample):
        params = self.model.init(jax.random.key(0), sample)["params"]
        self.state = train_state.TrainState.create(apply_fn=self.model.apply, params=params, tx=self.tx)

    @staticmethod
    def _loss(state, params, batch):
        x, y = batch
        pred = state.apply_fn({"params": params}, x)
        return jnp.mean((pred - y) ** 2)

    def _train_step(self, state, batch):
        loss, grads = jax.value_and_grad(lambda p: self._loss(state, p, batch))(state.params)
        return state.apply_gradients(grads=grads), loss

    def fit_epoch(self, xs, ys):
        self.state, losses = jax.lax.scan(self._train_step, self.state, (xs, ys))
        return losses

    def evaluate(self, x, y):
        return self._loss(self.state, self.state.params, (x, y))


def main():
    xs = jnp.ones((5, 16, 3))
    ys = jnp.zeros((5, 16, 1))
    trainer = Trainer(Regressor())
    trainer.setup(xs[0])
    trainer.fit_epoch(xs, ys)
    trainer.evaluate(xs[0], ys[0]).block_until_ready()
    return None
