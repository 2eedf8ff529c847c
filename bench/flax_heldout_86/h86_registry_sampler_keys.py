# label: ok
# flax-error: none
# class: 5 a sampler built from a model registry splits one key per iteration up front and indexes it inside fori_loop
"""Model registry + factory: builds a small generator and draws latent samples into a preallocated buffer."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import flax.linen as nn

MODEL_REGISTRY: Dict[str, Callable[[], nn.Module]] = {}


def register(name):
    def deco(fn):
        MODEL_REGISTRY[name] = fn
        return fn
    return deco


class LatentPrior(nn.Module):
    latent_dim: int = 4

    @nn.compact
    def __call__(self):
        mu = self.param("mu", nn.initializers.zeros, (self.latent_dim,))
        log_sigma = self.param("log_sigma", nn.initializers.zeros, (self.latent_dim,))
        eps = jax.random.normal(self.make_rng("latent"), (self.latent_dim,))
        return mu + jnp.exp(log_sigma) * eps


@register("gaussian_prior")
def build_prior():
    return LatentPrior()


def make_sampler(name, seed=0):
    model = MODEL_REGISTRY[name]()
    variables = model.init({"params": jax.random.PRNGKey(seed), "latent": jax.random.PRNGKey(seed)})
    sample_key = jax.random.PRNGKey(seed + 1)

    def sample_n(n):
        buf = jnp.zeros((n, model.latent_dim))
        keys = jax.random.split(sample_key, n)

        def body(i, buf):
            z = model.apply(variables, rngs={"latent": keys[i]})
            return buf.at[i].set(z)

        return jax.lax.fori_loop(0, n, body, buf)

    return sample_n


def main():
    sampler = make_sampler("gaussian_prior")
    return sampler(6)
