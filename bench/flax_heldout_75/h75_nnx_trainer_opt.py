# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 a Trainer object holds the model and an nnx.Optimizer; its fit() scans over batches and the body calls nnx.value_and_grad on self.model and self.optimizer.update
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class TabularNet(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, dhidden, rngs=rngs)
        self.out = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    def train_step(self, x, y):
        loss, grads = nnx.value_and_grad(mse_loss)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def fit(self, xs, ys):
        def body(carry, batch):
            return carry, self.train_step(*batch)

        _, losses = jax.lax.scan(body, None, (xs, ys))
        return losses


def main():
    xs = jax.random.normal(jax.random.key(1), (4, 16, 3))
    ys = xs.sum(-1, keepdims=True)
    Trainer(TabularNet(3, 16, 1, rngs=nnx.Rngs(0))).fit(xs, ys)
    return None
