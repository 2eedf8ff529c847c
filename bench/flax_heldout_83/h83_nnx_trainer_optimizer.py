# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the trainer's model and nnx.Optimizer are read from self inside the scan body and passed to an nnx.jit step
"""Trainer for a fraud-scoring model: an nnx.jit train step with nnx.Optimizer, and an epoch loop
that scans the step over pre-batched data to avoid Python overhead."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class FraudMLP(nnx.Module):
    def __init__(self, n_in, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_in, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return optax.sigmoid_binary_cross_entropy(m(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self, n_in=10, lr=1e-3):
        self.model = FraudMLP(n_in, nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.adamw(lr), wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        def body(total, batch):
            loss = train_step(self.model, self.optimizer, *batch)
            return total + loss, loss

        total, losses = jax.lax.scan(body, 0.0, (xs, ys))
        return total / xs.shape[0]


def main():
    trainer = Trainer()
    xs = jax.random.normal(jax.random.key(1), (4, 16, 10))
    ys = (jax.random.uniform(jax.random.key(2), (4, 16)) > 0.9).astype(jnp.float32)
    trainer.train_epoch(xs, ys).block_until_ready()
    return None
