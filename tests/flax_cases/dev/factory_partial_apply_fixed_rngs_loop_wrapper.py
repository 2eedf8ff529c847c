# label: same-values
# flax-error: none
# class: 4 a sampler factory fixes rngs={'sample': key} in functools.partial(model.apply, ...) and hands it to a module-level fori_loop wrapper inside a jitted lambda; make_rng draws the same noise every step
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class Denoiser(nn.Module):
    dim: int = 3

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.dim)(nn.gelu(nn.Dense(8)(x)))

    def reverse_step(self, x):
        z = jax.random.normal(self.make_rng("sample"), x.shape)
        return 0.9 * x - 0.1 * self(x) + 0.1 * z, z


def run_loop(step_fn, x, n_steps):
    def body(i, state):
        x, zs = state
        x, z = step_fn(x)
        return x, zs.at[i].set(z)

    return jax.lax.fori_loop(0, n_steps, body, (x, jnp.zeros((n_steps,) + x.shape)))


def make_sampler(model, variables, key, n_steps=5):
    step_fn = functools.partial(model.apply, variables, method=Denoiser.reverse_step, rngs={"sample": key})
    return jax.jit(lambda x: run_loop(step_fn, x, n_steps))


def main():
    model = Denoiser()
    x = jnp.zeros((2, 3))
    variables = model.init(jax.random.key(0), x)
    _, zs = make_sampler(model, variables, jax.random.key(3))(jax.random.normal(jax.random.key(1), (2, 3)))
    return zs
