# label: ok
# flax-error: none
# class: 5 the best loss and best params travel in the scan carry and are selected with jnp.where
"""The maintainer's suggestion: keep the best loss and best params in the carry and pick
them with jnp.where instead of writing to a Python dict."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(8)(x)))


def main():
    model = Regressor()
    x = jnp.linspace(-1, 1, 32).reshape(-1, 1)
    y = jnp.sin(3 * x)
    params = model.init(jax.random.PRNGKey(0), x)
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)

    def loss_fn(p):
        return jnp.mean((model.apply(p, x) - y) ** 2)

    def epoch(carry, _):
        params, opt_state, best_loss, best_params = carry
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        better = loss < best_loss
        best_params = jax.tree.map(lambda new, old: jnp.where(better, new, old), params, best_params)
        best_loss = jnp.where(better, loss, best_loss)
        return (params, opt_state, best_loss, best_params), loss

    init = (params, opt_state, jnp.inf, params)
    (params, opt_state, best_loss, best_params), losses = jax.lax.scan(epoch, init, None, length=20)
    best_val = loss_fn(best_params)
    best_val.block_until_ready()
    return None
