# label: ok
# flax-error: none
# class: 3 the same emulator when its forcing module builds nnx.Rngs from the per-step key it is given
"""A learned emulator with a stochastic forcing term, rolled out with a raw scan over keys."""
import jax
import jax.numpy as jnp
from flax import nnx


class Forcing(nnx.Module):
    def sample(self, shape, key):
        rngs = nnx.Rngs(forcing=key)
        return jax.random.normal(rngs.forcing(), shape)


class Emulator(nnx.Module):
    def __init__(self, rngs):
        self.core = nnx.Linear(3, 3, rngs=rngs)
        self.forcing = Forcing()

    def step(self, u, key):
        noise = self.forcing.sample(u.shape, key)
        return jnp.tanh(self.core(u)) + 0.1 * noise, noise


def rollout(emulator, u0, keys):
    def body(u, key):
        u, noise = emulator.step(u, key)
        return u, noise

    return jax.lax.scan(body, u0, keys)[1]


def main():
    return rollout(Emulator(nnx.Rngs(0)), jnp.ones(3), jax.random.split(jax.random.key(0), 4))
