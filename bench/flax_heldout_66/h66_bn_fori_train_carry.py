# label: ok
# flax-error: none
# class: 3 batch_stats travel in the raw fori_loop carry and apply is called with mutable=['batch_stats']
"""'lax.fori_loop with BatchNorm', after the fix: batch_stats is part of the loop carry and
the train step asks apply for the updated statistics."""
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
        return nn.Dense(1)(x)


def main():
    model = MLP()
    x = jnp.linspace(-1.0, 1.0, 32).reshape(16, 2)
    y = jnp.sin(x.sum(-1, keepdims=True))
    variables = model.init(jax.random.key(0), x, train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)

    def loss_fn(params, batch_stats):
        pred, updates = model.apply({"params": params, "batch_stats": batch_stats}, x,
                                    train=True, mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def body(i, carry):
        params, batch_stats, opt_state = carry
        grads, batch_stats = jax.grad(loss_fn, has_aux=True)(params, batch_stats)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), batch_stats, opt_state

    params, batch_stats, opt_state = jax.lax.fori_loop(0, 5, body, (params, batch_stats, opt_state))
    jax.block_until_ready((params, batch_stats))
    return None
