# label: ok
# flax-error: none
# class: 3 DDPM ancestral sampler method draws one make_rng key before the loop, splits it per timestep and scans over the keys with the setup denoiser; returns the per-step trajectory
"""Denoising diffusion (Ho et al. 2020) ancestral sampling in Linen. The denoiser is built by
init through __call__ (the training loss path); sample() takes a single key from
self.make_rng outside the loop, splits it into one key per timestep and scans over them."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.stack([jnp.sin(t / 10.0), jnp.cos(t / 10.0)], -1) * jnp.ones(x.shape[:-1] + (2,))
        h = nn.silu(nn.Dense(32)(jnp.concatenate([x, temb], -1)))
        return nn.Dense(x.shape[-1])(h)


class DDPM(nn.Module):
    num_steps: int = 6

    def setup(self):
        self.eps_model = Denoiser()
        betas = jnp.linspace(1e-4, 0.2, self.num_steps)
        self.betas = betas
        self.alpha_bars = jnp.cumprod(1.0 - betas)

    def __call__(self, x0):
        t = jnp.full(x0.shape[:1], 3.0)
        noise = jax.random.normal(self.make_rng("noise"), x0.shape)
        x_t = jnp.sqrt(self.alpha_bars[3]) * x0 + jnp.sqrt(1 - self.alpha_bars[3]) * noise
        return jnp.mean((self.eps_model(x_t, t) - noise) ** 2)

    def sample(self, x_T):
        keys = jax.random.split(self.make_rng("noise"), self.num_steps)
        ts = jnp.arange(self.num_steps - 1, -1, -1)

        def reverse_step(x, inputs):
            t, key = inputs
            beta, abar = self.betas[t], self.alpha_bars[t]
            eps = self.eps_model(x, jnp.full(x.shape[:1], t, jnp.float32))
            mean = (x - beta / jnp.sqrt(1 - abar) * eps) / jnp.sqrt(1 - beta)
            x = mean + jnp.sqrt(beta) * jax.random.normal(key, x.shape) * (t > 0)
            return x, x

        _, trajectory = jax.lax.scan(reverse_step, x_T, (ts, keys))
        return trajectory


def main():
    model = DDPM()
    x0 = jnp.ones((2, 3))
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x0)
    trajectory = model.apply(variables, jnp.zeros((2, 3)), rngs={"noise": jax.random.PRNGKey(2)}, method=DDPM.sample)
    return trajectory
