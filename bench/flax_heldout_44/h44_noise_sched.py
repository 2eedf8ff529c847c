# label: same-values
# flax-error: none
# class: 3 a NoiseScheduler object keeps self.rng; the scan body of the diffusion forward process calls scheduler.add_noise, which draws from that key without splitting
"""Diffusion forward process: a scheduler adds noise to the output of a Linen denoiser at each step."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = nn.Dense(16)(jnp.concatenate([x, t[..., None] * jnp.ones_like(x[..., :1])], -1))
        return nn.Dense(x.shape[-1])(nn.silu(h))


class NoiseScheduler:
    def __init__(self, num_steps, rng):
        self.betas = jnp.linspace(1e-4, 0.02, num_steps)
        self.rng = rng

    def add_noise(self, x, t):
        noise = jax.random.normal(self.rng, x.shape)
        beta = self.betas[t]
        return jnp.sqrt(1.0 - beta) * x + jnp.sqrt(beta) * noise, noise


def forward_process(model, params, scheduler, x0):
    num_steps = scheduler.betas.shape[0]

    def body(x, t):
        x = x + 0.0 * model.apply(params, x, jnp.full(x.shape[:1], t, jnp.float32))
        x, noise = scheduler.add_noise(x, t)
        return x, noise

    _, noises = lax.scan(body, x0, jnp.arange(num_steps))
    return noises


def main():
    model = Denoiser()
    x0 = jnp.ones((2, 4))
    params = model.init(jax.random.key(0), x0, jnp.zeros((2,)))
    scheduler = NoiseScheduler(6, jax.random.key(7))
    return forward_process(model, params, scheduler, x0)
