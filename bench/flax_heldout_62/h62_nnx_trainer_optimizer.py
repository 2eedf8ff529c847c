# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 2 a Trainer keeps the model and an nnx.Optimizer on self; the scan body calls nnx.value_and_grad on self.model and self.optimizer.update
"""NNX trainer that runs one epoch as a lax.scan over batches, updating the model with the
trainer's nnx.Optimizer in the scan body."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhid, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhid, rngs=rngs)
        self.fc2 = nnx.Linear(dhid, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        def body(total, batch):
            loss, grads = nnx.value_and_grad(mse)(self.model, *batch)
            self.optimizer.update(self.model, grads)
            return total + loss, None

        total, _ = jax.lax.scan(body, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]


def main():
    model = MLP(4, 32, 1, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 16, 4))
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    trainer = Trainer(model, optax.adam(1e-3))
    trainer.train_epoch(xs, ys)
    return None
