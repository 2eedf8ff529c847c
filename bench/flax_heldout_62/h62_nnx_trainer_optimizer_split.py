# label: ok
# flax-error: none
# class: 5 a Trainer splits (model, optimizer) before the scan, merges them in the body, carries their state and updates them after
"""NNX trainer that runs one epoch as a lax.scan over batches; the model and optimizer state
travel through the carry and are written back with nnx.update after the loop."""
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, *batch)
            optimizer.update(model, grads)
            return (nnx.state((model, optimizer)), total + loss), None

        (state, total), _ = jax.lax.scan(body, (state, jnp.zeros(())), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


def main():
    model = MLP(4, 32, 1, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 16, 4))
    ys = jnp.sin(xs).sum(-1, keepdims=True)
    trainer = Trainer(model, optax.adam(1e-3))
    trainer.train_epoch(xs, ys)
    return None
