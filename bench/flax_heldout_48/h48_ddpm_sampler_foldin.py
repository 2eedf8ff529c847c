# label: ok
# flax-error: none
# class: 4 the reverse-diffusion scan body folds the timestep into the rng before drawing the noise
"""The same sampler after review: z = jax.random.normal(jax.random.fold_in(rng, t), shape)."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class EpsModel(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], axis=-1)
        h = nn.silu(nn.Dense(32)(h))
        return nn.Dense(x.shape[-1])(h)


def sample(model, params, rng, shape, T=6):
    betas = jnp.linspace(1e-4, 0.02, T)
    alphas = 1.0 - betas
    abar = jnp.cumprod(alphas)
    init_rng, rng = jax.random.split(rng)
    x = jax.random.normal(init_rng, shape)

    def step(x, t):
        eps = model.apply(params, x, t / T)
        mean = (x - betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(jax.random.fold_in(rng, t), shape)
        return mean + jnp.sqrt(betas[t]) * z, z

    x, zs = lax.scan(step, x, jnp.arange(T - 1, -1, -1))
    return zs


def main():
    model = EpsModel()
    params = model.init(jax.random.PRNGKey(0), jnp.ones((3, 2)), 0.0)
    return sample(model, params, jax.random.PRNGKey(1), (3, 2))
