# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 2 the local priority model goes into the scan body, where nnx.vmap maps it over the patrons waiting each day
"""Daily ordering of a library's hold queue: every waiting patron gets a priority score."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class HoldPriority(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, patron):
        return self.head(nnx.relu(self.proj(patron)))[0]


def score_patron(model: HoldPriority, patron):
    return model(patron)


def order_queue(days_of_requests, features: int = 4):
    model = HoldPriority(features, rngs=nnx.Rngs(31))
    batched = nnx.vmap(score_patron, in_axes=(None, 0))

    def day(served, patrons):
        scores = batched(model, patrons)
        return served + 1, jnp.argsort(-scores)

    served, orders = lax.scan(day, 0, days_of_requests)
    return served, orders


def main():
    requests = jax.random.uniform(jax.random.key(12), (4, 6, 4))
    served, orders = order_queue(requests)
    jax.block_until_ready((served, orders))
    return None
