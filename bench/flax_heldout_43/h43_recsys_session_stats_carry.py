# label: ok
# flax-error: none
# class: 2 closure in @nn.compact carries the 'stats' value through jax.lax.scan and writes it once after the loop
"""Session-based recommender (GRU4Rec-like) that also tracks running item-popularity statistics."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class SessionRec(nn.Module):
    n_items: int = 50
    dim: int = 16

    @nn.compact
    def __call__(self, clicks):  # clicks: [T] item ids
        emb = nn.Embed(self.n_items, self.dim)
        cell = nn.GRUCell(self.dim)
        out = nn.Dense(self.n_items)
        pop = self.variable("stats", "popularity", jnp.zeros, (self.n_items,))
        h = jnp.zeros((self.dim,))
        x0 = emb(clicks[0])
        cell(h, x0)
        out(h)

        def step(carry, item):
            h, p = carry
            p = 0.99 * p + jax.nn.one_hot(item, self.n_items)
            h, _ = cell(h, emb(item))
            return (h, p), out(h)

        (_, p), scores = jax.lax.scan(step, (h, pop.value), clicks)
        pop.value = p
        return scores


def main():
    model = SessionRec()
    clicks = jnp.array([3, 7, 7, 1, 42, 3])
    variables = model.init(jax.random.key(0), clicks)
    params = {"params": variables["params"], "stats": {"popularity": jnp.zeros((50,))}}
    scores, updates = model.apply(params, clicks, mutable=["stats"])
    top = jnp.argsort(updates["stats"]["popularity"])[-5:]
    top.block_until_ready()
    return None
