# label: ok
# flax-error: none
# class: 5 make_sampler is a factory whose returned step function closes over params; the scan feeds it one split key per sample
"""DDPM-style ancestral sampling of several samples with a scan built from a factory.

Twin of h227_diffusion_factory: the factory's step function takes its key from the scanned
inputs, one split key per sample, so every chain draws its own noise.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

STEPS = 6
betas = jnp.linspace(1e-3, 0.2, STEPS)
alphas = 1.0 - betas
alpha_bars = jnp.cumprod(alphas)


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.broadcast_to(jnp.sin(t / STEPS * jnp.arange(1, 5)), x.shape[:-1] + (4,))
        h = nn.silu(nn.Dense(32)(jnp.concatenate([x, temb], axis=-1)))
        return nn.Dense(x.shape[-1])(h)


def make_sampler(model, params, shape):
    def sample_one(carry, key):
        x = jax.random.normal(key, shape)
        for t in reversed(range(STEPS)):
            eps = model.apply({"params": params}, x, jnp.float32(t))
            mean = (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
            noise = jax.random.normal(jax.random.fold_in(key, t), shape) if t > 0 else 0.0
            x = mean + jnp.sqrt(betas[t]) * noise
        return carry, x

    return sample_one


def main():
    model = Denoiser()
    shape = (2, 3)
    params = model.init(jax.random.key(0), jnp.zeros(shape), jnp.float32(0))["params"]
    sample_one = make_sampler(model, params, shape)
    keys = jax.random.split(jax.random.key(42), 5)
    _, samples = jax.lax.scan(sample_one, None, keys)
    return samples
