# label: ok
# flax-error: none
# class: 2 the head is a separate module initialised outside; fori_loop body calls head.apply with closed-over params
"""Time-series forecaster: one-step model initialised outside, rolled out with lax.fori_loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


def main():
    history = jnp.sin(jnp.linspace(0, 3, 16)).reshape(2, 8)
    head = nn.Dense(1)
    params = head.init(jax.random.PRNGKey(0), history)  # warm up outside the loop
    horizon = 12

    def body(t, carry):
        window, preds = carry
        y = head.apply(params, window)
        window = jnp.concatenate([window[:, 1:], y], axis=1)
        preds = preds.at[:, t].set(y[:, 0])
        return window, preds

    preds = jnp.zeros((history.shape[0], horizon))
    _, preds = lax.fori_loop(0, horizon, body, (history, preds))
    preds.block_until_ready()
    return None
