# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 shared sine layer created lazily inside a closure in @nn.compact and first called in the lax.scan body during init
"""Implicit neural representation with weight-tied refinement (DEQ-flavoured SIREN).

A SIREN encodes coordinates, then a single weight-tied sine layer is iterated a fixed number of
times to refine the hidden code before the RGB head. The iteration is a raw lax.scan.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


def siren_init(omega0):
    def init(key, shape, dtype=jnp.float32):
        fan_in = shape[0]
        bound = jnp.sqrt(6.0 / fan_in) / omega0
        return jax.random.uniform(key, shape, dtype, -bound, bound)
    return init


class SineLayer(nn.Module):
    features: int
    omega0: float = 30.0

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features, kernel_init=siren_init(self.omega0))(x)
        return jnp.sin(self.omega0 * y)


class TiedSiren(nn.Module):
    hidden: int = 32
    n_refine: int = 4

    @nn.compact
    def __call__(self, coords):
        inj = SineLayer(self.hidden, omega0=30.0, name="encode")(coords)
        tied = SineLayer(self.hidden, omega0=1.0, name="tied")

        def refine(h, _):
            return tied(h) + inj, None

        h, _ = jax.lax.scan(refine, jnp.zeros_like(inj), None, length=self.n_refine)
        return nn.Dense(3, name="rgb")(h)


def main():
    H = W = 8
    ys, xs = jnp.meshgrid(jnp.linspace(-1, 1, H), jnp.linspace(-1, 1, W), indexing="ij")
    coords = jnp.stack([xs, ys], -1).reshape(-1, 2)
    model = TiedSiren()
    variables = model.init(jax.random.PRNGKey(0), coords)
    rgb = model.apply(variables, coords)
    print(rgb.shape)
    return None
