# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 compact Dense layers of the one-step predictor first called inside a raw fori_loop body during init
"""Time-series forecasting: autoregressive rollout of a one-step MLP with lax.fori_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

WINDOW, HORIZON = 8, 6


class Forecaster(nn.Module):
    horizon: int = HORIZON

    @nn.compact
    def __call__(self, history):
        def one_step(i, carry):
            window, preds = carry
            h = nn.relu(nn.Dense(32)(window))
            y = nn.Dense(1)(h)[0]
            window = jnp.concatenate([window[1:], y[None]])
            return window, preds.at[i].set(y)

        _, preds = lax.fori_loop(0, self.horizon, one_step, (history, jnp.zeros(self.horizon)))
        return preds


def main():
    series = jnp.sin(jnp.linspace(0, 3, WINDOW))
    model = Forecaster()
    params = model.init(jax.random.key(0), series)
    preds = model.apply(params, series)
    return None
