# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 NNX forecaster holding nnx.Dropout with its own Rngs closed over by a raw fori_loop rollout body
"""Time-series forecasting in NNX: autoregressive rollout with dropout kept on (MC forecast) in fori_loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

WINDOW, HORIZON = 8, 5


class Forecaster(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(WINDOW, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, window):
        return self.out(self.drop(nnx.relu(self.hidden(window))))[0]


def main():
    model = Forecaster(nnx.Rngs(0, dropout=1))
    history = jnp.sin(jnp.linspace(0, 3, WINDOW))

    def step(i, carry):
        window, preds = carry
        y = model(window)
        return jnp.concatenate([window[1:], y[None]]), preds.at[i].set(y)

    _, preds = jax.lax.fori_loop(0, HORIZON, step, (history, jnp.zeros(HORIZON)))
    return None
