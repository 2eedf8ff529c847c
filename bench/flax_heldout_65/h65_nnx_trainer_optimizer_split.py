# label: ok
# flax-error: none
# class: 4 a Trainer injected with a Model, a Sampler and a Logger splits model and optimizer into the scan carry, merges in the body and updates afterwards
"""Dependency-injected NNX trainer that scans over pre-sampled batches (split/merge)."""
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


class BatchSampler:
    def __init__(self, num_batches, batch_size, din):
        self.shape = (num_batches, batch_size, din)

    def stacked(self):
        x = jnp.linspace(-1.0, 1.0, self.shape[0] * self.shape[1] * self.shape[2]).reshape(self.shape)
        return x, jnp.sum(x, axis=-1, keepdims=True)


class Logger:
    def __init__(self):
        self.records = []

    def log(self, **kw):
        self.records.append(kw)


class Trainer:
    def __init__(self, model: nnx.Module, sampler: BatchSampler, logger: Logger, lr=1e-2):
        self.model = model
        self.sampler = sampler
        self.logger = logger
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    @staticmethod
    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def train(self):
        xs, ys = self.sampler.stacked()
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self.loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(step, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        self.logger.log(final_loss=float(losses[-1]))
        return losses


def main():
    trainer = Trainer(MLP(3, 1, rngs=nnx.Rngs(0)), BatchSampler(4, 8, 3), Logger())
    trainer.train()
    return None
