# label: ok
# flax-error: none
# class: 3 a Trainer splits (model, optimizer) before the scan, carries the state, merges inside the body and nnx.update's the objects after the loop
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

    @staticmethod
    def train_step(model, optimizer, batch):
        x, y = batch

        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    def train_chunk(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.train_step(model, optimizer, batch)
            return (total + loss, nnx.state((model, optimizer))), loss

        (total, state), losses = jax.lax.scan(body, (jnp.float32(0.0), state), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total


def main():
    trainer = Trainer(MLP(3, 16, 1, rngs=nnx.Rngs(0)))
    total = trainer.train_chunk(jnp.ones((4, 8, 3)), jnp.zeros((4, 8, 1)))
    jax.block_until_ready(total)
    return None
