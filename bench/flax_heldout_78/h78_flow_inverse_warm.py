# label: ok
# flax-error: none
# class: 1 residual block's submodule called once before the raw fori_loop, so params exist when traced
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
        x0 = y - g(y)  # first fixed-point iterate outside the loop creates g's params

        def fixed_point(_, x):
            return y - g(x)

        return lax.fori_loop(1, self.n_iter, fixed_point, x0)


def main():
    block = InvertibleResBlock(features=4)
    y = jax.random.normal(jax.random.key(0), (5, 4))
    variables = block.init(jax.random.key(1), y)
    x = block.apply(variables, y)
    jnp.linalg.norm(x).block_until_ready()
    return None
