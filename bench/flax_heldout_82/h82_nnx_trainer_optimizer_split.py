# label: ok
# flax-error: none
# class: 2 trainer splits (model, optimizer) into graphdef and state, carries the state through the raw scan, merges it in the body and nnx.update()s after the loop
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            optimizer.update(model, grads)
            return (nnx.state((model, optimizer)), total + loss), None

        (state, total), _ = jax.lax.scan(step, (state, 0.0), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


def main():
    model = MLP(3, 1, rngs=nnx.Rngs(0))
    trainer = Trainer(model)
    trainer.train_epoch(jnp.ones((4, 8, 3)), jnp.zeros((4, 8, 1)))
    return None
