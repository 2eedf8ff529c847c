# label: ok
# flax-error: none
# class: 3 batch_stats returned by apply(mutable=['batch_stats']) and threaded through the raw scan carry
"""Keras-style model.fit in jax.lax.scan, with the BatchNorm statistics carried like the params."""
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
        params, batch_stats, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred, updates = model.apply({"params": p, "batch_stats": batch_stats}, x, train=True,
                                        mutable=["batch_stats"])
            return jnp.mean((pred - y) ** 2), updates["batch_stats"]

        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), batch_stats, opt_state), loss

    carry = (variables["params"], variables["batch_stats"], opt_state)
    (params, batch_stats, opt_state), losses = jax.lax.scan(train_step, carry, (xs, ys))
    return {"params": params, "batch_stats": batch_stats}, losses


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.PRNGKey(0), (8, 16, 4))
    ys = xs.sum(-1, keepdims=True)
    variables = model.init(jax.random.PRNGKey(1), xs[0], train=False)
    variables, losses = fit(model, variables, xs, ys)
    losses.block_until_ready()
    return None
