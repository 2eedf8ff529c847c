# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 apply_fn(train=True) runs in the raw scan body on batch_stats from the carried TrainState, without mutable=['batch_stats']
"""One training epoch as a scan over batches; a ResNet-style block with BatchNorm, ported from model.train()."""
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class TrainState(train_state.TrainState):
    batch_stats: Any


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.Dense(32)(x)
        y = nn.BatchNorm(use_running_average=not train)(y)
        y = nn.relu(y)
        return nn.Dense(2)(y)


def train_epoch(state, xs, ys):
    def train_step(state, batch):
        x, y = batch

        def loss_fn(params):
            logits = state.apply_fn({"params": params, "batch_stats": state.batch_stats}, x, train=True)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        state = state.apply_gradients(grads=grads)
        return state, loss

    return jax.lax.scan(train_step, state, (xs, ys))


def main():
    model = Block()
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 16, 8))
    ys = (xs.sum(-1) > 0).astype(jnp.int32)
    variables = model.init(jax.random.PRNGKey(1), xs[0], train=False)
    state = TrainState.create(apply_fn=model.apply, params=variables["params"],
                              batch_stats=variables["batch_stats"], tx=optax.sgd(0.1, momentum=0.9))
    state, losses = train_epoch(state, xs, ys)
    losses.block_until_ready()
    return None
