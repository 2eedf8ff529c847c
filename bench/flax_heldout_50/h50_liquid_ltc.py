# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the LTC cell's Dense layers are first called inside the scan closure in @nn.compact, so init creates them inside the loop
"""Liquid time-constant (LTC) network unrolled with a fused ODE solver step per input."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class LTC(nn.Module):
    units: int = 32
    ode_unfolds: int = 4

    @nn.compact
    def __call__(self, xs):
        sensory = nn.Dense(self.units, name="sensory")
        recurrent = nn.Dense(self.units, name="recurrent")
        tau = self.param("tau", nn.initializers.ones, (self.units,))
        a = self.param("A", nn.initializers.normal(1.0), (self.units,))

        def cell(h, x_t):
            for _ in range(self.ode_unfolds):
                f = nn.sigmoid(sensory(x_t) + recurrent(h))
                h = (h + 0.1 * f * a) / (1.0 + 0.1 * (1.0 / tau + f))
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.units))
        _, hs = lax.scan(cell, h0, xs)
        return nn.Dense(1, name="readout")(hs)


def main():
    model = LTC()
    xs = jnp.sin(jnp.linspace(0, 6, 30))[:, None, None] * jnp.ones((30, 4, 3))
    variables = model.init(jax.random.key(0), xs)
    model.apply(variables, xs)
    return None
