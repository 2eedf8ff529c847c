# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 a Trainer holds the model and an nnx.Optimizer; the scan body calls self.train_step, which runs nnx.value_and_grad on self.model and optimizer.update
"""NNX trainer: scan over a chunk of batches calling a method that updates the model and optimizer."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


class Trainer:
    def __init__(self, model, learning_rate=1e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    def train_step(self, batch):
        x, y = batch

        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(self.model)
        self.optimizer.update(self.model, grads)
        return loss

    def train_chunk(self, xs, ys):
        def body(carry, batch):
            loss = self.train_step(batch)
            return carry + loss, loss

        total, losses = jax.lax.scan(body, jnp.float32(0.0), (xs, ys))
        return total


def main():
    trainer = Trainer(MLP(3, 16, 1, rngs=nnx.Rngs(0)))
    total = trainer.train_chunk(jnp.ones((4, 8, 3)), jnp.zeros((4, 8, 1)))
    jax.block_until_ready(total)
    return None
