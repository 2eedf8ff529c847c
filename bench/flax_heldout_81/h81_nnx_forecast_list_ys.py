# label: ok
# flax-error: none
# class: 4 the NNX forecaster is read in the scan body; predictions leave the loop as ys
"""Autoregressive forecasting (NNX): predictions returned as the stacked outputs of lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class OneStep(nnx.Module):
    def __init__(self, window, rngs):
        self.fc1 = nnx.Linear(window, 16, rngs=rngs)
        self.fc2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, w):
        return self.fc2(nnx.relu(self.fc1(w)))


def main():
    model = OneStep(6, nnx.Rngs(0))
    history = jnp.sin(jnp.arange(6.0))[None]

    def step(window, _):
        y = model(window)
        return jnp.concatenate([window[:, 1:], y], 1), y[:, 0]

    _, preds = lax.scan(step, history, None, length=10)
    forecast = preds.T
    forecast.block_until_ready()
    return None
