# label: ok
# flax-error: none
# class: 3 the NNX sampler draws one key from its Rngs, binds it with functools.partial, and the method used as scan body folds in the step index
"""Score-based generative model (NNX): annealed Langevin sampling, per-step noise returned for inspection."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class ScoreMLP(nnx.Module):
    def __init__(self, dim, hidden, *, rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), jnp.log(sigma))], -1)
        return self.l2(nnx.silu(self.l1(h))) / sigma


class AnnealedSampler(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs, eps=2e-5):
        self.score = ScoreMLP(dim, 32, rngs=rngs)
        self.rngs = rngs
        self.eps = eps

    def _step(self, x, inputs, key, sigma_min):
        i, sigma = inputs
        alpha = self.eps * (sigma / sigma_min) ** 2
        z = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        return x + alpha * self.score(x, sigma) + jnp.sqrt(2 * alpha) * z, z

    def sample(self, x0, sigmas):
        key = self.rngs.noise()
        body = functools.partial(self._step, key=key, sigma_min=sigmas[-1])
        _, noise = scan(body, x0, (jnp.arange(sigmas.shape[0]), sigmas))
        return noise


def main():
    sampler = AnnealedSampler(2, rngs=nnx.Rngs(params=0, noise=1))
    return sampler.sample(jnp.zeros((8, 2)), jnp.geomspace(1.0, 0.01, 6))
