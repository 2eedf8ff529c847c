# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 AvalancheRisk.__call__ wraps SnowLayer in nn.remat and calls the rematerialised layer inside a raw jax scan body
"""Avalanche danger forecasting: a snow-pack profile (density, temperature gradient, grain size
per layer) is pushed through a weight-shared layer repeatedly to model weak-layer propagation. The
layer is wrapped in nn.remat to save memory and repeated with a plain lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class SnowLayer(nn.Module):
    @nn.compact
    def __call__(self, h):
        return jnp.tanh(nn.Dense(h.shape[-1])(h))


class AvalancheRisk(nn.Module):
    depth: int = 4

    @nn.compact
    def __call__(self, profile):
        layer = nn.remat(SnowLayer)()
        h = layer(profile)

        def body(h, _):
            return layer(h), None

        h, _ = lax.scan(body, h, None, length=self.depth)
        return nn.sigmoid(nn.Dense(1)(h.mean(0)))[0]


class DangerBulletin:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def level(self, profile):
        risk = self.model.apply(self.variables, profile)
        return jnp.digitize(risk, jnp.array([0.2, 0.4, 0.6, 0.8])) + 1


def main():
    model = AvalancheRisk()
    profile = jax.random.normal(jax.random.key(0), (6, 10))
    variables = model.init(jax.random.key(1), profile)
    DangerBulletin(model, variables).level(profile).block_until_ready()
    return None
