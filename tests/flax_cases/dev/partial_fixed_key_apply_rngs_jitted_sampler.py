# label: same-values
# flax-error: none
# class: 4 functools.partial fixes the key a DDPM step gives apply(rngs=); a jitted module-level fori_loop wrapper runs the step, so every step draws the same noise
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import fori_loop

T = 5


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(x.shape[-1])(nn.silu(nn.Dense(8)(x)))

    def reverse_step(self, x):
        z = jax.random.normal(self.make_rng("noise"), x.shape)
        return 0.9 * x - 0.1 * self(x) + 0.1 * z, z


def ddpm_step(model, params, key, i, state):
    x, zs = state
    x, z = model.apply(params, x, method=Denoiser.reverse_step, rngs={"noise": key})
    return x, zs.at[i].set(z)


def run_sampler(step_fn, x_T):
    return fori_loop(0, T, step_fn, (x_T, jnp.zeros((T,) + x_T.shape)))


def main():
    model = Denoiser()
    x_T = jax.random.normal(jax.random.key(0), (3, 2))
    params = model.init(jax.random.key(1), x_T)
    step = functools.partial(ddpm_step, model, params, jax.random.key(7))
    _, zs = jax.jit(run_sampler, static_argnums=0)(step, x_T)
    return zs
