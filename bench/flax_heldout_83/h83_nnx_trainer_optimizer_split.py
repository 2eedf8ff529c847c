# label: ok
# flax-error: none
# class: 5 the trainer splits (model, optimizer) before the scan, carries the state, merges in the body and updates after
"""Trainer for a fraud-scoring model: a train step with nnx.Optimizer scanned over pre-batched
data; the graph state is split before the loop, carried, and written back with nnx.update."""
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = train_step(model, optimizer, *batch)
            return (total + loss, nnx.state((model, optimizer))), loss

        (total, state), losses = jax.lax.scan(body, (0.0, state), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


def main():
    trainer = Trainer()
    xs = jax.random.normal(jax.random.key(1), (4, 16, 10))
    ys = (jax.random.uniform(jax.random.key(2), (4, 16)) > 0.9).astype(jnp.float32)
    trainer.train_epoch(xs, ys).block_until_ready()
    return None
