# label: ok
# flax-error: none
# class: 5 model and nnx.Optimizer are split together, their state carried through the scan, merged in the body and returned with nnx.state
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
        graphdef, state = nnx.split((self.state.model, self.state.optimizer))

        def step(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(bce)(model, x, y)
            optimizer.update(model, grads)
            return (total + loss, nnx.state((model, optimizer))), None

        (total, state), _ = lax.scan(step, (jnp.zeros(()), state), (xs, ys))
        nnx.update((self.state.model, self.state.optimizer), state)
        return total / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 16, 8))
    ys = (xs.sum(-1) > 0).astype(jnp.float32)
    CreditTrainer().epoch(xs, ys).block_until_ready()
    return None
