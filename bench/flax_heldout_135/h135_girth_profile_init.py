# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GirthProfile.__call__ runs lax.scan itself and the first call of its Dense submodule happens inside the body, so init creates the params inside the scan
"""Saddlery: predicts the girth-strap tension profile along the barrel of a horse by
scanning over girth points, mixing the measured circumference at each point."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class GirthProfile(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, circumference):
        mix = nn.Dense(self.hidden, name="mix")
        readout = nn.Dense(1, name="readout")

        def body(h, c_point):
            h = jnp.tanh(mix(jnp.concatenate([h, c_point[None]])))
            return h, readout(h)[0]

        _, tension = scan(body, jnp.zeros(self.hidden), circumference)
        return tension


class GirthFitter:
    def __init__(self, model):
        self.model = model
        self.variables = None

    def fit(self, circumference, key):
        self.variables = self.model.init(key, circumference)
        return self

    def profile(self, circumference):
        return self.model.apply(self.variables, circumference)


def main():
    circumference = jnp.linspace(1.70, 1.95, 9)  # metres at nine girth points
    fitter = GirthFitter(GirthProfile()).fit(circumference, jax.random.key(0))
    fitter.profile(circumference)
    return None
