# label: ok
# flax-error: none
# class: 2 one-step model initialised outside, its params closed over by a raw fori_loop body that calls model.apply
"""Time-series forecasting: the rollout moved outside the module, model.apply inside lax.fori_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

WINDOW, HORIZON = 8, 6


class OneStep(nn.Module):
    @nn.compact
    def __call__(self, window):
        h = nn.relu(nn.Dense(32)(window))
        return nn.Dense(1)(h)[0]


def rollout(model, params, history, horizon):
    def one_step(i, carry):
        window, preds = carry
        y = model.apply(params, window)
        window = jnp.concatenate([window[1:], y[None]])
        return window, preds.at[i].set(y)

    _, preds = lax.fori_loop(0, horizon, one_step, (history, jnp.zeros(horizon)))
    return preds


def main():
    series = jnp.sin(jnp.linspace(0, 3, WINDOW))
    model = OneStep()
    params = model.init(jax.random.key(0), series)
    preds = jax.jit(rollout, static_argnums=(0, 3))(model, params, series, HORIZON)
    return None
