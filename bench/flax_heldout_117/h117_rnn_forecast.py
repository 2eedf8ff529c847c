# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Forecaster.__call__ runs jax.lax.scan over time and calls its own GRUCell submodule in the body, so init creates the cell params inside the scan trace
"""Time-series forecaster: a GRU encoder over the history window, a linear head for the horizon.

Shape of the reports: "params are tracers after init" when a Linen cell is driven by a raw
jax.lax.scan inside a compact module instead of nn.scan / nn.RNN.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Forecaster(nn.Module):
    hidden: int = 16
    horizon: int = 4

    @nn.compact
    def __call__(self, series):
        # series: [time, batch, features]
        cell = nn.GRUCell(features=self.hidden)
        head = nn.Dense(self.horizon)
        h0 = jnp.zeros((series.shape[1], self.hidden))

        def step(h, x_t):
            h, y = cell(h, x_t)
            return h, y

        h_last, _ = jax.lax.scan(step, h0, series)
        return head(h_last)


def make_series(key, length=24, batch=8):
    t = jnp.arange(length, dtype=jnp.float32)[:, None, None]
    phase = jax.random.uniform(key, (1, batch, 1)) * 6.28
    noise = 0.05 * jax.random.normal(jax.random.fold_in(key, 1), (length, batch, 1))
    return jnp.sin(0.3 * t + phase) + noise


def main():
    key = jax.random.key(0)
    series = make_series(key)
    history, future = series[:-4], series[-4:, :, 0].T
    model = Forecaster()
    variables = model.init(jax.random.key(1), history)
    preds = model.apply(variables, history)
    loss = jnp.mean((preds - future) ** 2)
    print("mse", float(loss))
    return None
