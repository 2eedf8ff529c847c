# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the NNX forecaster is read in the scan body; predictions are appended to a Python list outside the trace
"""Autoregressive forecasting (NNX): predictions collected into a Python list inside lax.scan."""
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
    preds = []

    def step(window, _):
        y = model(window)
        preds.append(y[:, 0])
        return jnp.concatenate([window[:, 1:], y], 1), None

    lax.scan(step, history, None, length=10)
    forecast = jnp.stack(preds, axis=1)
    forecast.block_until_ready()
    return None
