# label: ok
# flax-error: none
# class: 3 the state (with the Rngs count) is split again at the end of each step and carried through the raw lax.scan
"""The NNX diffusion sampler after the fix: carry the state so the noise stream advances. Returns the per-step noise."""
import jax
import jax.numpy as jnp
from flax import nnx

T = 8


class Sampler(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.eps_model = nnx.Linear(dim, dim, rngs=rngs)
        self.rngs = rngs

    def step(self, x, beta):
        eps = self.eps_model(x)
        z = jax.random.normal(self.rngs.noise(), x.shape)
        return (x - beta * eps) / jnp.sqrt(1 - beta) + jnp.sqrt(beta) * z, z


def main():
    sampler = Sampler(3, nnx.Rngs(params=0, noise=1))
    graphdef, state = nnx.split(sampler)
    betas = jnp.linspace(1e-4, 0.02, T)

    def body(carry, beta):
        x, state = carry
        s = nnx.merge(graphdef, state)
        x, z = s.step(x, beta)
        _, state = nnx.split(s)
        return (x, state), z

    (_, state), noise = jax.lax.scan(body, (jnp.zeros((2, 3)), state), betas)
    nnx.update(sampler, state)
    return noise
