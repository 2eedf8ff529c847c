# label: ok
# flax-error: none
# class: 1 keys split from the module's nnx.Rngs "dropout" stream before the raw lax.scan are passed as xs and given to nnx.Dropout(rngs=key)
"""Monte-Carlo dropout sampler (NNX): returns the dropout masks of several stochastic passes."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class StochasticHead(nnx.Module):
    def __init__(self, dim, rate, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.dropout = nnx.Dropout(rate, rngs=rngs)
        self.rngs = rngs

    def mask(self, h, key):
        return self.dropout(jnp.ones_like(h), rngs=key) > 0


class MCSampler:
    def __init__(self, head, num_samples=6):
        self.head = head
        self.num_samples = num_samples

    def sample_masks(self, h):
        self.head.train()
        keys = jax.random.split(self.head.rngs.dropout(), self.num_samples)

        def draw(_, key):
            return None, self.head.mask(h, key)

        _, masks = lax.scan(draw, None, keys)
        return masks


def main():
    head = StochasticHead(8, 0.5, rngs=nnx.Rngs(0, dropout=1))
    return MCSampler(head).sample_masks(jnp.ones((8,)))
