# label: same-values
# flax-error: none
# class: 2 a VisitSampler object holds the NNX head and one PRNG key drawn from its nnx.Rngs; the scan body passes that same key to Dropout every visit
"""Clinical-trial simulator: Monte-Carlo dropout gives per-visit response masks for uncertainty bands."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ResponseHead(nnx.Module):
    def __init__(self, width, *, rngs):
        self.drop = nnx.Dropout(0.3)
        self.width = width

    def mask(self, key):
        return self.drop(jnp.ones((self.width,)), rngs=key)


class VisitSampler:
    def __init__(self, head, rngs: nnx.Rngs):
        self.head = head
        self.key = rngs.dropout()

    def sample_masks(self, visits):
        def visit(carry, _):
            return carry, self.head.mask(self.key)

        _, masks = jax.lax.scan(visit, None, None, length=visits)
        return masks


def main():
    rngs = nnx.Rngs(params=0, dropout=5)
    sampler = VisitSampler(ResponseHead(16, rngs=rngs), rngs)
    return sampler.sample_masks(visits=6)
