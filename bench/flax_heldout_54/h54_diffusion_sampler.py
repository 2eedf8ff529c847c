# label: same-values
# flax-error: none
# class: 1 the sampler method calls self.make_rng('sample') inside the raw lax.scan over timesteps
"""DDPM ancestral sampler written as a Linen method: the reverse-diffusion loop is a lax.scan and
the per-step noise comes from self.make_rng inside the body. Returns the per-step noise."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

T = 10


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5, dtype=jnp.float32))
        h = nn.gelu(nn.Dense(32)(jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (4,))], -1)))
        return nn.Dense(x.shape[-1])(h)

    def sample(self, x_T):
        betas = jnp.linspace(1e-4, 0.02, T)
        alphas = 1.0 - betas
        alpha_bars = jnp.cumprod(alphas)

        def step(x, t):
            eps_hat = self(x, t.astype(jnp.float32))
            mean = (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps_hat) / jnp.sqrt(alphas[t])
            z = jax.random.normal(self.make_rng("sample"), x.shape)
            return mean + jnp.sqrt(betas[t]) * z, z

        _, noise = lax.scan(step, x_T, jnp.arange(T - 1, -1, -1))
        return noise


def main():
    model = Denoiser()
    x_T = jnp.zeros((2, 3))
    params = model.init(jax.random.PRNGKey(0), x_T, 0.0)
    noise = model.apply(params, x_T, method=Denoiser.sample, rngs={"sample": jax.random.PRNGKey(3)})
    return noise
