# label: ok
# flax-error: none
# class: 4 batch_stats reach the scan body through the carried TrainState; the loss applies with mutable=['batch_stats'] and the new stats go back into the carried state
"""Epoch of BatchNorm MLP training with a TrainState carried through a raw scan.

Twin of h227_bn_trainstate: the loss applies with mutable=['batch_stats'], returns the updated
statistics as an auxiliary output, and the step puts them into the TrainState it carries.
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
            pred, updates = state.apply_fn(
                {"params": params, "batch_stats": state.batch_stats}, x, train=True, mutable=["batch_stats"]
            )
            return jnp.mean((pred - y) ** 2), updates["batch_stats"]

        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
        state = state.apply_gradients(grads=grads).replace(batch_stats=batch_stats)
        return state, loss

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
