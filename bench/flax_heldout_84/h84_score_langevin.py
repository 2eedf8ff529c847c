# label: same-values
# flax-error: none
# class: 5 module method is the scan body and draws its Langevin noise with self.make_rng('sample') inside the body
"""Score-based generative model (NCSN): annealed Langevin dynamics over a geometric noise schedule."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class ScoreNet(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.log(sigma) * jnp.ones(x.shape[:-1] + (1,))], -1)
        h = nn.swish(nn.Dense(self.hidden)(h))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h) / sigma


class AnnealedLangevin(nn.Module):
    dim: int = 2
    step_lr: float = 2e-5

    def setup(self):
        self.score = ScoreNet()

    def _langevin_step(self, x, sigma, sigma_min):
        alpha = self.step_lr * (sigma / sigma_min) ** 2
        z = jax.random.normal(self.make_rng('sample'), x.shape)
        x = x + alpha * self.score(x, sigma) + jnp.sqrt(2.0 * alpha) * z
        return x, z

    def __call__(self, x0, sigmas):
        _ = self.score(x0, sigmas[0])  # build the score network's params outside the loop
        step = functools.partial(self._langevin_step, sigma_min=sigmas[-1])
        _, noise = jax.lax.scan(step, x0, sigmas)
        return noise


def main():
    sigmas = jnp.exp(jnp.linspace(jnp.log(1.0), jnp.log(0.01), 6))
    x0 = jnp.zeros((4, 2))
    sampler = AnnealedLangevin()
    variables = sampler.init({'params': jax.random.PRNGKey(0), 'sample': jax.random.PRNGKey(1)}, x0, sigmas)
    noise = sampler.apply(variables, x0, sigmas, rngs={'sample': jax.random.PRNGKey(7)})
    return noise
