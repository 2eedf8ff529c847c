# label: same-values
# flax-error: none
# class: 4 a sampler factory wraps model.apply in functools.partial(method=..., rngs={'sample': key}) and a fori_loop wrapper calls it in the raw loop body; make_rng('sample') runs inside the body
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class Denoiser(nn.Module):
    dim: int = 3

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5, dtype=jnp.float32))
        h = nn.gelu(nn.Dense(16)(jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (4,))], -1)))
        return nn.Dense(self.dim)(h)

    def reverse_step(self, x, t, beta):
        eps_hat = self(x, t)
        z = jax.random.normal(self.make_rng("sample"), x.shape)
        mean = (x - beta / jnp.sqrt(1.0 - beta) * eps_hat) / jnp.sqrt(1.0 - beta)
        return mean + jnp.sqrt(beta) * z, z


def run_loop(step_fn, x, n_steps, betas):
    def body(i, state):
        x, zs = state
        t = n_steps - 1 - i
        x, z = step_fn(x, t.astype(jnp.float32), betas[t])
        return x, zs.at[i].set(z)

    zs = jnp.zeros((n_steps,) + x.shape)
    return jax.lax.fori_loop(0, n_steps, body, (x, zs))


def make_sampler(model, variables, key, n_steps=5):
    betas = jnp.linspace(1e-4, 0.02, n_steps)
    step_fn = functools.partial(model.apply, variables, method=Denoiser.reverse_step, rngs={"sample": key})
    return jax.jit(lambda x: run_loop(step_fn, x, n_steps, betas))


def main():
    model = Denoiser()
    x = jnp.zeros((2, 3))
    variables = model.init(jax.random.key(0), x, 0.0)
    sampler = make_sampler(model, variables, jax.random.key(3))
    x_T = jax.random.normal(jax.random.key(1), (2, 3))
    x0, zs = sampler(x_T)
    print(x0)
    return zs
