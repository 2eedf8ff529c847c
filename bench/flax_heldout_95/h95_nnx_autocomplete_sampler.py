# label: same-values
# flax-error: none
# class: 3 each raw scan step nnx.clone()s the sampler kept on the service (to avoid mutating it under the trace) and draws from the clone's Rngs stream
"""Search autocomplete backend: an NNX sampler perturbs suggestion logits with Gumbel noise
from its own 'sample' stream; the service scans over suggestion slots with a pure body."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class SuggestionSampler(nnx.Module):
    def __init__(self, dim, vocab, *, rngs: nnx.Rngs):
        self.head = nnx.Linear(dim, vocab, rngs=rngs)
        self.rngs = rngs
        self.temperature = 0.8

    def gumbel(self, prefix_vec):
        logits = self.head(prefix_vec) / self.temperature
        return jax.random.gumbel(self.rngs.sample(), logits.shape)


class SuggestionService:
    def __init__(self, slots=6):
        self.slots = slots
        self.sampler = SuggestionSampler(32, 48, rngs=nnx.Rngs(params=0, sample=42))

    def perturbations(self, prefix_vec):
        def slot(carry, _):
            sampler = nnx.clone(self.sampler)
            return carry, sampler.gumbel(prefix_vec)

        _, noise = scan(slot, None, None, length=self.slots)
        return noise


def main():
    return SuggestionService().perturbations(jnp.ones((32,)))
