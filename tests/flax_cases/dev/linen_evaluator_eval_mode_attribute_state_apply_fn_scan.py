# label: ok
# flax-error: none
# class: 3 an evaluator object built with train_mode=False passes it to state.apply_fn inside its scan over eval batches
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class TrainState(train_state.TrainState):
    batch_stats: Any


class Tagger(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(12)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(4)(nn.tanh(x))


class Evaluator:
    def __init__(self, state, train_mode=True):
        self.state = state
        self.train_mode = train_mode

    def mean_loss(self, xs, ys):
        state = self.state

        def body(total, batch):
            x, y = batch
            variables = {"params": state.params, "batch_stats": state.batch_stats}
            logits = state.apply_fn(variables, x, train=self.train_mode)
            return total + jnp.mean((logits - y) ** 2), None

        total, _ = jax.lax.scan(body, 0.0, (xs, ys))
        return total / xs.shape[0]


def main():
    model = Tagger()
    xs = jax.random.normal(jax.random.key(0), (3, 6, 5))
    variables = model.init(jax.random.key(1), xs[0], train=False)
    state = TrainState.create(
        apply_fn=model.apply, params=variables["params"], batch_stats=variables["batch_stats"], tx=optax.sgd(0.1)
    )
    loss = Evaluator(state, train_mode=False).mean_loss(xs, jnp.zeros((3, 6, 4)))
    loss.block_until_ready()
    return None
