# label: same-values
# flax-error: none
# class: 3 the scan body calls emulator.step(), whose held Forcing module builds nnx.Rngs from its seed at every call
"""A learned emulator with a stochastic forcing term, rolled out with a raw scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class Forcing(nnx.Module):
    def __init__(self, seed):
        self.seed = seed

    def sample(self, shape):
        rngs = nnx.Rngs(forcing=self.seed)
        return jax.random.normal(rngs.forcing(), shape)


class Emulator(nnx.Module):
    def __init__(self, rngs):
        self.core = nnx.Linear(3, 3, rngs=rngs)
        self.forcing = Forcing(0)

    def step(self, u):
        noise = self.forcing.sample(u.shape)
        return jnp.tanh(self.core(u)) + 0.1 * noise, noise


def rollout(emulator, u0, n):
    def body(u, _):
        u, noise = emulator.step(u)
        return u, noise

    return jax.lax.scan(body, u0, None, length=n)[1]


def main():
    return rollout(Emulator(nnx.Rngs(0)), jnp.ones(3), 4)
