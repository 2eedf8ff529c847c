# label: same-values
# flax-error: none
# class: 4 the ancestral-sampling key is created once outside and closed over by the raw fori_loop body
"""DDPM ancestral sampling with a small Linen denoiser; the reverse process runs in
jax.lax.fori_loop and the injected noise of each step is kept for debugging."""
import jax
import jax.numpy as jnp
import flax.linen as nn

T, D = 8, 3


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t / T * jnp.arange(1, 5))
        h = jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (4,))], axis=-1)
        h = nn.silu(nn.Dense(32)(h))
        return nn.Dense(x.shape[-1])(h)


def main():
    model = Denoiser()
    params = model.init(jax.random.key(0), jnp.ones((4, D)), 0.0)
    betas = jnp.linspace(1e-4, 0.02, T)
    alphas = 1.0 - betas
    alpha_bar = jnp.cumprod(alphas)
    key = jax.random.key(42)
    x_T = jax.random.normal(jax.random.key(1), (4, D))

    def reverse_step(i, state):
        x, noises = state
        t = T - 1 - i
        eps_hat = model.apply(params, x, t.astype(jnp.float32))
        mean = (x - betas[t] / jnp.sqrt(1 - alpha_bar[t]) * eps_hat) / jnp.sqrt(alphas[t])
        z = jax.random.normal(key, x.shape)
        x = mean + jnp.sqrt(betas[t]) * z
        return x, noises.at[i].set(z)

    x0, noises = jax.lax.fori_loop(0, T, reverse_step, (x_T, jnp.zeros((T, 4, D))))
    return noises
