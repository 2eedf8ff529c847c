# label: ok
# flax-error: none
# class: 3 a key drawn once from the module's nnx.Rngs stream is split into one key per slate and fed to the raw scan as xs
"""Sampling recommendation slates with Gumbel-top-k from an NNX scorer, one key per slate."""
import jax
import jax.numpy as jnp
from flax import nnx


class SlateSampler(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.score = nnx.Linear(4, 1, kernel_init=nnx.initializers.normal(0.01), rngs=rngs)
        self.rngs = rngs

    def sample_slates(self, items, n_slates, k=5):
        logits = self.score(items)[:, 0]
        keys = jax.random.split(self.rngs.gumbel(), n_slates)

        def draw(carry, key):
            g = jax.random.gumbel(key, logits.shape)
            _, slate = jax.lax.top_k(logits + g, k)
            return carry, slate

        _, slates = jax.lax.scan(draw, None, keys)
        return slates


def main():
    sampler = SlateSampler(nnx.Rngs(params=0, gumbel=1))
    items = jax.random.normal(jax.random.PRNGKey(3), (40, 4))
    return sampler.sample_slates(items, 6)
