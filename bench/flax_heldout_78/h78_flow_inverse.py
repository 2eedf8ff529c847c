# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 residual block's submodule first called inside a raw fori_loop closure in @nn.compact (init)
"""Invertible residual flow (i-ResNet): y = x + g(x), inverted by fixed-point iteration."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ResidualG(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        h = nn.elu(nn.Dense(16, kernel_init=nn.initializers.normal(0.05))(x))
        return 0.5 * nn.tanh(nn.Dense(self.features, kernel_init=nn.initializers.normal(0.05))(h))


class InvertibleResBlock(nn.Module):
    features: int
    n_iter: int = 20

    @nn.compact
    def __call__(self, y):
        g = ResidualG(self.features)

        def fixed_point(_, x):
            return y - g(x)

        return lax.fori_loop(0, self.n_iter, fixed_point, y)


def main():
    block = InvertibleResBlock(features=4)
    y = jax.random.normal(jax.random.key(0), (5, 4))
    variables = block.init(jax.random.key(1), y)
    x = block.apply(variables, y)
    jnp.linalg.norm(x).block_until_ready()
    return None
