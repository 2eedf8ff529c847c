# label: ok
# flax-error: none
# class: 1 the sampler module draws self.make_rng("noise") once before the raw lax.scan and folds the step index into it in the body
"""Model wrapper exposing sample(): ancestral sampling for a tiny denoiser."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1)
        return nn.Dense(x.shape[-1])(nn.silu(nn.Dense(16)(h)))


class AncestralSampler(nn.Module):
    steps: int = 6
    sigma: float = 0.1

    def setup(self):
        self.denoiser = Denoiser()

    def __call__(self, x):
        return self.denoiser(x, jnp.zeros(()))

    def sample(self, x_T):
        base_key = self.make_rng("noise")

        def body(x, t):
            eps = self.denoiser(x, t.astype(jnp.float32) / self.steps)
            noise = jax.random.normal(jax.random.fold_in(base_key, t), x.shape)
            return x - 0.1 * eps + self.sigma * noise, noise

        _, noises = lax.scan(body, x_T, jnp.arange(self.steps)[::-1])
        return noises


class SamplerWrapper:
    def __init__(self, model, params):
        self.model, self.params = model, params

    def sample(self, x_T, rng):
        return self.model.apply(self.params, x_T, rngs={"noise": rng}, method=AncestralSampler.sample)


def main():
    model = AncestralSampler()
    x_T = jnp.ones((2, 4))
    params = model.init(jax.random.key(0), x_T)
    return SamplerWrapper(model, params).sample(x_T, jax.random.key(1))
