# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 an inline nn.Dense submodule is first called inside a raw fori_loop body
"""Time-series forecaster: autoregressive rollout written with lax.fori_loop inside the module."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Forecaster(nn.Module):
    horizon: int = 12
    window: int = 8

    @nn.compact
    def __call__(self, history):  # [B, window]
        head = nn.Dense(1, name="head")

        def body(t, carry):
            window, preds = carry
            y = head(window)  # [B, 1]
            window = jnp.concatenate([window[:, 1:], y], axis=1)
            preds = preds.at[:, t].set(y[:, 0])
            return window, preds

        preds = jnp.zeros((history.shape[0], self.horizon))
        _, preds = lax.fori_loop(0, self.horizon, body, (history, preds))
        return preds


def main():
    history = jnp.sin(jnp.linspace(0, 3, 16)).reshape(2, 8)
    model = Forecaster()
    params = model.init(jax.random.PRNGKey(0), history)
    preds = model.apply(params, history)
    preds.block_until_ready()
    return None
