# label: ok
# flax-error: none
# class: 5 a factory returns a step function that merges the recommender's split state (dropout RNG state included) as a fresh copy from the scan carry and returns the new state into the carry
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


def make_sampler(graphdef):
    def sample_step(state, customer):
        model = nnx.merge(graphdef, state, copy=True)
        blend = model(customer)
        return nnx.state(model), blend

    return sample_step


class BlendService:
    def __init__(self, model, n_candidates):
        self.graphdef, self.state = nnx.split(model)
        self.step = make_sampler(self.graphdef)
        self.n_candidates = n_candidates

    def candidates(self, customer):
        def body(state, _):
            return self.step(state, customer)

        self.state, blends = jax.lax.scan(body, self.state, None, length=self.n_candidates)
        return blends


def main():
    service = BlendService(BlendRecommender(8, rngs=nnx.Rngs(params=0, dropout=1)), n_candidates=5)
    customer = jax.random.normal(jax.random.key(12), (2, 8))
    return service.candidates(customer)
