# label: ok
# flax-error: none
# class: 3 a module-level integrator's scan body calls the outside NNX field with an nnx.BatchNorm, switched to eval under `if not cfg.train:` with a config dataclass left at its default train=False
"""A vector field with a BatchNorm integrated over three steps by a module-level jax.lax.scan
integrator; the field is switched to eval mode when the config dataclass (built with its
defaults) says it is not training."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass
class Config:
    train: bool = False


class Field(nnx.Module):
    def __init__(self, rngs):
        self.norm = nnx.BatchNorm(4, rngs=rngs)

    def __call__(self, z):
        return jnp.tanh(self.norm(z))


def integrate(field, z0, xs):
    def step(z, x):
        return z + field(z) * x, None
    return jax.lax.scan(step, z0, xs)[0]


def main():
    cfg = Config()
    field = Field(nnx.Rngs(0))
    if not cfg.train:
        field.eval()
    z = integrate(field, jnp.ones((2, 4)), jnp.ones((3, 2, 4)))
    jax.tree.map(lambda a: a + 0, z)
