# label: ok
# flax-error: none
# class: 2 module method self.perturb scanned over the population with keys split from self.make_rng as xs
"""OpenAI-style evolution strategies: antithetic parameter perturbations for a policy population."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class ESPolicy(nn.Module):
    obs_dim: int = 4
    act_dim: int = 2
    sigma: float = 0.1
    popsize: int = 6

    def setup(self):
        self.w = self.param("w", nn.initializers.lecun_normal(), (self.obs_dim, self.act_dim))

    def perturb(self, carry, key):
        eps = jax.random.normal(key, self.w.shape)
        return carry, eps

    def sample_population(self):
        keys = jax.random.split(self.make_rng("es"), self.popsize)
        _, eps = jax.lax.scan(self.perturb, None, keys)
        return eps

    def __call__(self, obs):
        return jnp.tanh(obs @ self.w)


def main():
    policy = ESPolicy()
    obs = jnp.ones((1, 4))
    variables = policy.init(jax.random.key(0), obs)
    eps = policy.apply(variables, rngs={"es": jax.random.key(3)}, method=ESPolicy.sample_population)
    return eps
