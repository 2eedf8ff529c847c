# label: same-values
# flax-error: none
# class: 3 module-level sampler gets the flow's apply function, params and one PRNG key that the scan body closes over
"""Langevin MCMC in the latent space of a normalizing flow (neural-transport style): the
sampler is a free function that receives the flow's apply function, its params and a key."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class AffineCoupling(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, z):
        z1, z2 = jnp.split(z, 2)
        st = nn.Dense(self.dim)(z1)
        s, t = jnp.split(st, 2)
        x2 = z2 * jnp.exp(jnp.tanh(s)) + t
        logdet = jnp.sum(jnp.tanh(s))
        return jnp.concatenate([z1, x2]), logdet


def latent_langevin(flow_apply, params, key, z0, n_steps, eps=0.05):
    def log_prob(z):
        x, logdet = flow_apply(params, z)
        return -0.5 * jnp.sum(z ** 2) - 0.5 * jnp.sum(x ** 2) + logdet

    def step(z, _):
        noise = jax.random.normal(key, z.shape)
        z = z + eps * jax.grad(log_prob)(z) + jnp.sqrt(2 * eps) * noise
        return z, noise

    _, noises = jax.lax.scan(step, z0, None, length=n_steps)
    return noises


def main():
    flow = AffineCoupling()
    z0 = jnp.zeros((4,))
    params = flow.init(jax.random.key(0), z0)
    return latent_langevin(flow.apply, params, jax.random.key(1), z0, n_steps=6)
