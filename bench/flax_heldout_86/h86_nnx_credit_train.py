# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the trainer reaches model and nnx.Optimizer through its state holder and calls nnx.value_and_grad on them inside the scan body
"""Credit-risk model trainer (NNX): one epoch of logistic-regression-style updates as a raw lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class DefaultModel(nnx.Module):
    def __init__(self, n_features, *, rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: DefaultModel
    optimizer: nnx.Optimizer


def bce(model, x, y):
    return optax.sigmoid_binary_cross_entropy(model(x), y).mean()


class CreditTrainer:
    def __init__(self, n_features=8, lr=1e-2):
        model = DefaultModel(n_features, rngs=nnx.Rngs(0))
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param))

    def epoch(self, xs, ys):
        def step(total, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(bce)(self.state.model, x, y)
            self.state.optimizer.update(self.state.model, grads)
            return total + loss, None
        total, _ = lax.scan(step, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 16, 8))
    ys = (xs.sum(-1) > 0).astype(jnp.float32)
    CreditTrainer().epoch(xs, ys).block_until_ready()
    return None
