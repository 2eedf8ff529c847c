# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 a Trainer injected with a Model, a Sampler and a Logger runs nnx.grad and self.optimizer.update on the closed-over model inside the scan body
"""Dependency-injected NNX trainer that scans over pre-sampled batches."""
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

    def _step(self, carry, batch):
        x, y = batch
        loss, grads = nnx.value_and_grad(self.loss_fn)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return carry, loss

    def train(self):
        xs, ys = self.sampler.stacked()
        _, losses = jax.lax.scan(self._step, None, (xs, ys))
        self.logger.log(final_loss=float(losses[-1]))
        return losses


def main():
    trainer = Trainer(MLP(3, 1, rngs=nnx.Rngs(0)), BatchSampler(4, 8, 3), Logger())
    trainer.train()
    return None
