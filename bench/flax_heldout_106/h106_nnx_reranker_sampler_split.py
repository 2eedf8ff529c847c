# label: ok
# flax-error: none
# class: 4 SearchService.session.sampler.rngs is an nnx.Rngs stream; keys are split from it before the loop and the scan body gets one per slate as xs
"""Marketplace search: sample diverse result slates from a reranker with Plackett-Luce noise."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class RerankHead(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, 16, rngs=rngs)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, items):
        return self.score(nnx.relu(self.proj(items)))[:, 0]


class SlateSampler:
    def __init__(self, head: RerankHead, seed: int, temperature: float = 0.5):
        self.head = head
        self.rngs = nnx.Rngs(gumbel=seed)
        self.temperature = temperature

    def sample(self, items, key):
        noise = jax.random.gumbel(key, (items.shape[0],))
        return jnp.argsort(-(self.head(items) + self.temperature * noise))[:5]


class QuerySession:
    def __init__(self, sampler: SlateSampler):
        self.sampler = sampler


class SearchService:
    def __init__(self, session: QuerySession):
        self.session = session

    def slates(self, items, n: int):
        keys = jax.random.split(self.session.sampler.rngs.gumbel(), n)

        def one(carry, key):
            return carry, self.session.sampler.sample(items, key)

        _, slates = lax.scan(one, None, keys)
        return slates


def main():
    head = RerankHead(10, rngs=nnx.Rngs(0))
    items = jax.random.normal(jax.random.key(1), (30, 10))
    service = SearchService(QuerySession(SlateSampler(head, seed=5)))
    return service.slates(items, n=6)
