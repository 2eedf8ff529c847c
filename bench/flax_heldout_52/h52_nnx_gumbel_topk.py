# label: same-values
# flax-error: none
# class: 2 a key drawn once from the module's nnx.Rngs stream before the raw scan is closed over by the Gumbel-top-k body
"""Sampling recommendation slates without replacement (Gumbel-top-k) from an NNX scorer."""
import jax
import jax.numpy as jnp
from flax import nnx


class SlateSampler(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.score = nnx.Linear(4, 1, kernel_init=nnx.initializers.normal(0.01), rngs=rngs)
        self.rngs = rngs

    def sample_slates(self, items, n_slates, k=5):
        logits = self.score(items)[:, 0]
        key = self.rngs.gumbel()

        def draw(carry, _):
            g = jax.random.gumbel(key, logits.shape)
            _, slate = jax.lax.top_k(logits + g, k)
            return carry, slate

        _, slates = jax.lax.scan(draw, None, None, length=n_slates)
        return slates


def main():
    sampler = SlateSampler(nnx.Rngs(params=0, gumbel=1))
    items = jax.random.normal(jax.random.PRNGKey(3), (40, 4))
    return sampler.sample_slates(items, 6)
