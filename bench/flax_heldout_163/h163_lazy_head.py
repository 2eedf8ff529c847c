# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the compact __call__ runs lax.scan and the body creates its nn.Dense, so the parameters are first made inside the body at init
"""Autoregressive forecaster that rolls a one-step predictor forward.

The compact __call__ scans over the forecast horizon; the one-step predictor
(a Dense layer) is written inline in the scan body, the way it would be in a
Python for-loop.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Forecaster(nn.Module):
    horizon: int = 6
    features: int = 3

    @nn.compact
    def __call__(self, last_obs):
        def body(x, _):
            x_next = x + 0.1 * jnp.tanh(nn.Dense(self.features, name="step")(x))
            return x_next, x_next

        _, path = lax.scan(body, last_obs, None, length=self.horizon)
        return path


def main():
    model = Forecaster()
    x0 = jnp.array([0.5, -0.2, 1.0])
    variables = model.init(jax.random.key(0), x0)
    path = model.apply(variables, x0)
    print("forecast", path.shape, path[-1])
    return None
