# label: ok
# flax-error: none
# class: 5 the service nnx.split()s the sampler (with its Rngs), merges in each raw scan step and carries nnx.state back out, so the stream advances
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
        self.graphdef, self.state = nnx.split(self.sampler)

    def perturbations(self, prefix_vec):
        graphdef, state = self.graphdef, self.state

        def slot(state, _):
            sampler = nnx.merge(graphdef, state)
            noise = sampler.gumbel(prefix_vec)
            return nnx.state(sampler), noise

        self.state, noise = scan(slot, state, None, length=self.slots)
        return noise


def main():
    return SuggestionService().perturbations(jnp.ones((32,)))
