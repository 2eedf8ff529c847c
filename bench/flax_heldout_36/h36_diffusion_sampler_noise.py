# label: same-values
# flax-error: none
# class: 2 Sampler stores partial(model.apply, method=Denoiser.sample); sample() calls self.make_rng('noise') in its raw scan body
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class Denoiser(nn.Module):
    dim: int = 4
    n_steps: int = 5
    sigma: float = 0.1

    def setup(self):
        self.net = nn.Dense(self.dim)

    def __call__(self, x):
        return self.net(x)

    def sample(self, x):
        def body(x, t):
            eps = jax.random.normal(self.make_rng("noise"), x.shape)
            x = x - 0.1 * self.net(x) + self.sigma * eps
            return x, eps

        x, noise = jax.lax.scan(body, x, jnp.arange(self.n_steps))
        return x, noise


class Sampler:
    def __init__(self, model, params, seed):
        self.params = params
        self.key = jax.random.key(seed)
        self._sample = functools.partial(model.apply, method=Denoiser.sample)

    def __call__(self, x0):
        self.key, sub = jax.random.split(self.key)
        return self._sample({"params": self.params}, x0, rngs={"noise": sub})


def main():
    model = Denoiser()
    x0 = jnp.zeros((2, 4))
    params = model.init(jax.random.key(0), x0)["params"]
    sampler = Sampler(model, params, seed=1)
    _, noise = sampler(x0)
    return noise
