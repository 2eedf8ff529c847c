# label: same-values
# flax-error: none
# class: 5 a factory returns a step function closing over the recommender's split state (dropout RNG state included), which it merges as a fresh copy in every scan step
"""Perfume blending recommender: sampling several candidate blends for one customer profile."""
import jax
import jax.numpy as jnp
from flax import nnx

NOTES = ("bergamot", "vetiver", "iris", "amber", "musk", "neroli")


class BlendRecommender(nnx.Module):
    def __init__(self, profile_dim, rngs: nnx.Rngs):
        self.profile = nnx.Linear(profile_dim, 32, rngs=rngs)
        self.dropout = nnx.Dropout(0.35, rngs=rngs)
        self.notes = nnx.Linear(32, len(NOTES), rngs=rngs)

    def __call__(self, customer):
        h = self.dropout(nnx.gelu(self.profile(customer)))
        return jax.nn.softmax(self.notes(h), axis=-1)


def make_sampler(graphdef, state):
    def sample_step(customer):
        model = nnx.merge(graphdef, state, copy=True)
        return model(customer)

    return sample_step


class BlendService:
    def __init__(self, model, n_candidates):
        self.graphdef, self.state = nnx.split(model)
        self.step = make_sampler(self.graphdef, self.state)
        self.n_candidates = n_candidates

    def candidates(self, customer):
        def body(served, _):
            return served + 1, self.step(customer)

        _, blends = jax.lax.scan(body, 0, None, length=self.n_candidates)
        return blends


def main():
    service = BlendService(BlendRecommender(8, rngs=nnx.Rngs(params=0, dropout=1)), n_candidates=5)
    customer = jax.random.normal(jax.random.key(12), (2, 8))
    return service.candidates(customer)
