# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 trainer object keeps the model and nnx.Optimizer on self; the raw scan body over batches calls self.optimizer.update(self.model, grads)
"""An NNX trainer that runs a whole epoch inside one raw lax.scan over pre-batched data."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, 16, rngs=rngs)
        self.fc2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        def step(total, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return total + loss, None

        total, _ = jax.lax.scan(step, 0.0, (xs, ys))
        return total / xs.shape[0]


def main():
    model = MLP(3, 1, rngs=nnx.Rngs(0))
    trainer = Trainer(model)
    trainer.train_epoch(jnp.ones((4, 8, 3)), jnp.zeros((4, 8, 1)))
    return None
