# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 Trainer.train_epoch scans Trainer.train_step, which reaches self.model and self.optimizer (an nnx.Optimizer) created outside the loop
"""NNX trainer object with an nnx.Optimizer, whose epoch is a raw jax.lax.scan over batches."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.out = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


def mse(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_step(self, batch):
        loss, grads = nnx.value_and_grad(mse)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return loss

    def train_epoch(self, xs, ys):
        def body(carry, batch):
            return carry, self.train_step(batch)

        _, losses = jax.lax.scan(body, None, (xs, ys))
        return losses


def main():
    model = Regressor(3, 1, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 4, 3))
    ys = jnp.ones((5, 4, 1))
    Trainer(model).train_epoch(xs, ys).block_until_ready()
    return None
