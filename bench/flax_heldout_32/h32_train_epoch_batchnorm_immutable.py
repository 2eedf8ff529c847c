# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 batch_stats reach the scan body through train_epoch -> train_step -> loss_fn, which applies with train=True passed down but no mutable
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)[..., 0]


class TrainState(NamedTuple):
    params: dict
    batch_stats: dict
    opt_state: optax.OptState


model = MLP()
tx = optax.sgd(1e-2, momentum=0.9)


def train_step(state, batch, train):
    x, y = batch

    def loss_fn(params):
        pred = model.apply({"params": params, "batch_stats": state.batch_stats}, x, train=train)
        return jnp.mean((pred - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    updates, opt_state = tx.update(grads, state.opt_state, state.params)
    params = optax.apply_updates(state.params, updates)
    return state._replace(params=params, opt_state=opt_state), loss


@jax.jit
def train_epoch(state, xs, ys):
    return jax.lax.scan(lambda s, b: train_step(s, b, True), state, (xs, ys))


def main():
    xs = jax.random.normal(jax.random.key(1), (4, 8, 5))
    ys = xs.sum(-1)
    variables = model.init(jax.random.key(0), xs[0], train=False)
    state = TrainState(variables["params"], variables["batch_stats"], tx.init(variables["params"]))
    state, losses = train_epoch(state, xs, ys)
    assert losses.shape == (4,)
    return None
