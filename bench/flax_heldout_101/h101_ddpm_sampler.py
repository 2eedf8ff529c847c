# label: same-values
# flax-error: none
# class: 3 DDPMSampler.key, an attribute of the sampler object, is read unchanged in every step of the scan body
"""Ancestral DDPM sampling with a tiny MLP epsilon-model."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class EpsModel(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 9, dtype=jnp.float32))
        h = jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (8,))], -1)
        h = nn.silu(nn.Dense(64)(h))
        h = nn.silu(nn.Dense(64)(h))
        return nn.Dense(x.shape[-1])(h)


class DDPMSampler:
    def __init__(self, model, params, num_steps, seed=0):
        self.model = model
        self.params = params
        self.betas = jnp.linspace(1e-4, 0.02, num_steps)
        self.alphas = 1.0 - self.betas
        self.alpha_bars = jnp.cumprod(self.alphas)
        self.key = jax.random.PRNGKey(seed)

    def sample(self, shape):
        x_T = jax.random.normal(jax.random.PRNGKey(1), shape)

        def step(x, t):
            eps = self.model.apply(self.params, x, t / len(self.betas))
            a, ab, b = self.alphas[t], self.alpha_bars[t], self.betas[t]
            mean = (x - b / jnp.sqrt(1.0 - ab) * eps) / jnp.sqrt(a)
            z = jax.random.normal(self.key, x.shape)
            x = mean + jnp.sqrt(b) * z
            return x, z

        ts = jnp.arange(len(self.betas) - 1, -1, -1)
        x0, noises = scan(step, x_T, ts)
        return x0, noises


def main():
    model = EpsModel()
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((4, 2)), 0.0)
    sampler = DDPMSampler(model, params, num_steps=20)
    x0, noises = sampler.sample((4, 2))
    return noises
