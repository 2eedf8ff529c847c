# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/layers_1" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a BatchNorm reached through nn.Sequential is run in train mode by state.apply_fn inside a raw lax.scan gradient-accumulation body
"""Gradient accumulation over micro-batches with scan; the Sequential model hides a BatchNorm."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state


class TrainState(train_state.TrainState):
    batch_stats: dict


def make_model():
    return nn.Sequential([
        nn.Dense(32),
        nn.BatchNorm(use_running_average=False),
        nn.relu,
        nn.Dense(1),
    ])


def main():
    model = make_model()
    micro = jnp.ones((4, 8, 5))
    targets = jnp.zeros((4, 8, 1))
    variables = model.init(jax.random.PRNGKey(0), micro[0])
    state = TrainState.create(apply_fn=model.apply, params=variables["params"],
                              batch_stats=variables["batch_stats"], tx=optax.adamw(1e-3))

    def loss_fn(params, xb, yb):
        pred = state.apply_fn({"params": params, "batch_stats": state.batch_stats}, xb)
        return jnp.mean((pred - yb) ** 2)

    def accumulate(grads, batch):
        xb, yb = batch
        g = jax.grad(loss_fn)(state.params, xb, yb)
        return jax.tree.map(jnp.add, grads, g), None

    zeros = jax.tree.map(jnp.zeros_like, state.params)
    grads, _ = jax.lax.scan(accumulate, zeros, (micro, targets))
    state = state.apply_gradients(grads=grads)
    jax.block_until_ready(state.params)
    return None
