# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the Trainer writes the new TrainState to self.state inside the scan body and reads it after the loop
"""Trainer that scans over a stack of batches and keeps self.state up to date."""
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

    def _loss(self, params, batch):
        x, y = batch
        pred = self.state.apply_fn({"params": params}, x)
        return jnp.mean((pred - y) ** 2)

    def _train_step(self, _, batch):
        loss, grads = jax.value_and_grad(self._loss)(self.state.params, batch)
        self.state = self.state.apply_gradients(grads=grads)
        return None, loss

    def fit_epoch(self, xs, ys):
        _, losses = jax.lax.scan(self._train_step, None, (xs, ys))
        return losses

    def evaluate(self, x, y):
        return self._loss(self.state.params, (x, y))


def main():
    xs = jnp.ones((5, 16, 3))
    ys = jnp.zeros((5, 16, 1))
    trainer = Trainer(Regressor())
    trainer.setup(xs[0])
    trainer.fit_epoch(xs, ys)
    trainer.evaluate(xs[0], ys[0]).block_until_ready()
    return None
