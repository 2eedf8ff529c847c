# label: ok
# flax-error: none
# class: 3 the residual MLP built during init through __call__ is read in the fori_loop of inverse() via _residual(); sow() in the loop targets an immutable collection
"""Invertible residual network (i-ResNet) block with a fixed-point inverse.

The forward map y = x + c * g(x) is invertible when c * Lip(g) < 1; inverse() solves
x = y - c * g(x) by fixed-point iteration and taps the residual norm with sow().
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class IResConfig:
    dim: int = 4
    hidden: int = 16
    coeff: float = 0.5
    n_iters: int = 12


class ResidualMLP(nn.Module):
    hidden: int
    dim: int

    @nn.compact
    def __call__(self, x):
        h = nn.elu(nn.Dense(self.hidden, kernel_init=nn.initializers.normal(0.1))(x))
        return nn.Dense(self.dim, kernel_init=nn.initializers.normal(0.1))(h)


class IResBlock(nn.Module):
    cfg: IResConfig

    def setup(self):
        self.g = ResidualMLP(self.cfg.hidden, self.cfg.dim)

    def _residual(self, x):
        return self.cfg.coeff * jnp.tanh(self.g(x))

    def __call__(self, x):
        return x + self._residual(x)

    def inverse(self, y):
        def body(i, x):
            x_new = y - self._residual(x)
            self.sow("intermediates", "fixed_point_gap", jnp.abs(x_new - x).max())
            return x_new

        return lax.fori_loop(0, self.cfg.n_iters, body, y)


def roundtrip_error(model, variables, x):
    y = model.apply(variables, x)
    x_rec = model.apply(variables, y, method=IResBlock.inverse)
    return jnp.max(jnp.abs(x - x_rec))


def main():
    cfg = IResConfig()
    model = IResBlock(cfg)
    x = jax.random.normal(jax.random.key(0), (5, cfg.dim))
    variables = model.init(jax.random.key(1), x)
    err = roundtrip_error(model, variables, x)
    grads = jax.grad(lambda v: roundtrip_error(model, v, x))(variables)
    return None
