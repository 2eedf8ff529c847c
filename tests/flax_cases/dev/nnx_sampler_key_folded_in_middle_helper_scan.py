# label: ok
# flax-error: none
# class: 4 a key drawn from stored nnx.Rngs before the scan is closed over by the body and handed to `self._refine(x, t, key)`, which folds in the step (`jax.random.fold_in(key, t)`) before handing it to `self._noise_like` drawing the noise
"""A refinement sampler that draws one key from its nnx.Rngs stream before a five-step
jax.lax.scan; the body passes it to a refine helper, which folds in the step before passing it
to a noise helper. Returns the per-step noise."""
import jax
import jax.numpy as jnp
from flax import nnx


class Sampler:
    def __init__(self, seed):
        self.rngs = nnx.Rngs(noise=seed)

    def _noise_like(self, x, key):
        return jax.random.normal(key, x.shape)

    def _refine(self, x, t, key):
        noise = self._noise_like(x, jax.random.fold_in(key, t))
        return 0.9 * x + 0.1 * noise, noise

    def sample(self, x):
        key = self.rngs.noise()
        def body(x, t):
            return self._refine(x, t, key)
        return jax.lax.scan(body, x, jnp.arange(5))


def main():
    return Sampler(3).sample(jnp.ones(4))[1]
