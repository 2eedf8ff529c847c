# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 model.apply closed over by the raw scan train step with train=True but no mutable=['batch_stats']
"""Keras-style model.fit ported to jax.lax.scan for an MLP with BatchNorm."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


def fit(model, variables, xs, ys, lr=1e-2):
    tx = optax.sgd(lr)
    opt_state = tx.init(variables["params"])

    def train_step(carry, batch):
        params, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred = model.apply({"params": p, "batch_stats": variables["batch_stats"]}, x, train=True)
            return jnp.mean((pred - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state), loss

    (params, opt_state), losses = jax.lax.scan(train_step, (variables["params"], opt_state), (xs, ys))
    return params, losses


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.PRNGKey(0), (8, 16, 4))
    ys = xs.sum(-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(1), xs[0], train=False)
    params, losses = fit(model, variables, xs, ys)
    losses.block_until_ready()
    return None
