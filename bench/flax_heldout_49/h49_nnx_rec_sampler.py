# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a CandidateSampler keeps an nnx.Rngs with a 'sample' stream; the raw scan body over users draws self.rngs.sample() each step
"""Recommendation service: a two-tower model scores the catalogue and a sampler draws
candidates for exploration, one user per scan step."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class TwoTower(nnx.Module):
    def __init__(self, user_dim, item_dim, dim, rngs):
        self.user = nnx.Linear(user_dim, dim, rngs=rngs)
        self.item = nnx.Linear(item_dim, dim, rngs=rngs)

    def __call__(self, user, items):
        return self.item(items) @ self.user(user)


class CandidateSampler:
    def __init__(self, model, catalogue, seed=0, temperature=1.0):
        self.model = model
        self.catalogue = catalogue
        self.rngs = nnx.Rngs(sample=seed)
        self.temperature = temperature

    def sample(self, users, k=4):
        def body(carry, user):
            logits = self.model(user, self.catalogue) / self.temperature
            ids = jax.random.categorical(self.rngs.sample(), logits, shape=(k,))
            return carry, ids

        _, ids = lax.scan(body, None, users)
        return ids


def main():
    model = TwoTower(5, 7, 8, nnx.Rngs(0))
    catalogue = jax.random.normal(jax.random.key(1), (50, 7))
    users = jax.random.normal(jax.random.key(2), (6, 5))
    return CandidateSampler(model, catalogue).sample(users)
