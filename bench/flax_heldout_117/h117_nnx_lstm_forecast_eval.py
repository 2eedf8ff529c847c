# label: ok
# flax-error: none
# class: 2 the scan body calls the local NNX forecaster closed over from main, switched to model.eval() before the rollout
"""Autoregressive time-series rollout with an NNX LSTM forecaster in a raw jax.lax.scan.

Twin of h117_nnx_lstm_forecast: the model is put in eval mode before the loop, so the body
only reads parameters and the Rngs counter is never touched.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Forecaster(nnx.Module):
    def __init__(self, features, hidden, *, rngs: nnx.Rngs):
        self.cell = nnx.LSTMCell(features, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, features, rngs=rngs)
        self.hidden = hidden

    def __call__(self, carry, x):
        carry, h = self.cell(carry, x)
        return carry, self.head(self.drop(h))


def main():
    batch, hidden = 4, 16
    t = jnp.arange(32, dtype=jnp.float32)
    series = jnp.sin(0.25 * t)[:, None, None] * jnp.ones((1, batch, 1))
    model = Forecaster(1, hidden, rngs=nnx.Rngs(0))
    model.eval()
    carry0 = (jnp.zeros((batch, hidden)), jnp.zeros((batch, hidden)))

    def rollout(state, _):
        carry, x = state
        carry, y = model(carry, x)
        return (carry, y), y

    _, preds = jax.lax.scan(rollout, (carry0, series[-1]), None, length=12)
    print("forecast", preds[:, 0, 0])
    return None
