# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 nnx.Dropout draws from the module's nnx.Rngs "dropout" stream inside a raw lax.scan over Monte-Carlo samples (the stream counter is mutated)
"""Monte-Carlo dropout sampler (NNX): returns the dropout masks of several stochastic passes."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class StochasticHead(nnx.Module):
    def __init__(self, dim, rate, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.dropout = nnx.Dropout(rate, rngs=rngs)

    def mask(self, h):
        return self.dropout(jnp.ones_like(h)) > 0


class MCSampler:
    def __init__(self, head, num_samples=6):
        self.head = head
        self.num_samples = num_samples

    def sample_masks(self, h):
        self.head.train()

        def draw(_, __):
            return None, self.head.mask(h)

        _, masks = lax.scan(draw, None, length=self.num_samples)
        return masks


def main():
    head = StochasticHead(8, 0.5, rngs=nnx.Rngs(0, dropout=1))
    return MCSampler(head).sample_masks(jnp.ones((8,)))
