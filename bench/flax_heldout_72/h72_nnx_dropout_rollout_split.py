# label: ok
# flax-error: none
# class: 4 forecaster split outside, its state (incl. RNG counts) carried through the raw fori_loop and merged per step
"""Time-series forecasting in NNX: MC rollout in fori_loop with the model state in the carry."""
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
    graphdef, state = nnx.split(model)

    def step(i, carry):
        window, preds, state = carry
        m = nnx.merge(graphdef, state)
        y = m(window)
        return jnp.concatenate([window[1:], y[None]]), preds.at[i].set(y), nnx.state(m)

    _, preds, state = jax.lax.fori_loop(0, HORIZON, step, (history, jnp.zeros(HORIZON), state))
    nnx.update(model, state)
    return None
