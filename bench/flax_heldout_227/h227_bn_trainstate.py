# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 batch_stats reach the scan body through the carried TrainState (state.apply_fn, state.batch_stats) and are applied in train mode without mutable=
"""Epoch of BatchNorm MLP training with a TrainState carried through a raw scan.

Modelled on the many "BatchNorm in a scanned training loop" reports: the TrainState subclass
holds batch_stats, the loss applies state.apply_fn with train=True but without
mutable=['batch_stats'], so the first running-average update is refused.
"""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax import lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))


class TrainState(train_state.TrainState):
    batch_stats: dict


def train_epoch(state, xs, ys):
    def step(state, batch):
        x, y = batch

        def loss_fn(params):
            pred = state.apply_fn({"params": params, "batch_stats": state.batch_stats}, x, train=True)
            return jnp.mean((pred - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return lax.scan(step, state, (xs, ys))


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    variables = model.init(jax.random.key(1), xs[0], train=False)
    state = TrainState.create(
        apply_fn=model.apply, params=variables["params"], tx=optax.adam(1e-2), batch_stats=variables["batch_stats"]
    )
    state, losses = train_epoch(state, xs, ys)
    jax.block_until_ready(losses)
