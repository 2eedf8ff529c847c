# label: same-values
# flax-error: none
# class: 4 functools.partial binds model, params and a key into ddpm_step; a module-level run_sampler fori_loop wrapper calls it, and apply(rngs={'noise': key}) reaches make_rng
import functools

import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import linen as nn

T = 6
BETAS = jnp.linspace(1e-3, 0.2, T)
ALPHAS = 1.0 - BETAS
ALPHA_BARS = jnp.cumprod(ALPHAS)


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5, dtype=jnp.float32))
        h = jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (4,))], -1)
        return nn.Dense(x.shape[-1])(nn.silu(nn.Dense(16)(h)))

    def reverse_step(self, x, t):
        eps_hat = self(x, t)
        mean = (x - BETAS[t] / jnp.sqrt(1 - ALPHA_BARS[t]) * eps_hat) / jnp.sqrt(ALPHAS[t])
        z = jax.random.normal(self.make_rng("noise"), x.shape)
        return mean + jnp.sqrt(BETAS[t]) * z, z


def ddpm_step(model, params, key, i, state):
    x, zs = state
    t = T - 1 - i
    x, z = model.apply(params, x, t, method=Denoiser.reverse_step, rngs={"noise": key})
    return x, zs.at[i].set(z)


def run_sampler(step_fn, x_T):
    zs = jnp.zeros((T,) + x_T.shape)
    return fori_loop(0, T, step_fn, (x_T, zs))


def main():
    model = Denoiser()
    x_T = jax.random.normal(jax.random.key(0), (4, 2))
    params = model.init(jax.random.key(1), x_T, 0)
    step = functools.partial(ddpm_step, model, params, jax.random.key(7))
    x0, zs = jax.jit(run_sampler, static_argnums=0)(step, x_T)
    print("x0", x0)
    return zs
