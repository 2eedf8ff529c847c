# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[50] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 closure in @nn.compact writes a 'stats' collection variable inside jax.lax.scan; apply(mutable=['stats'])
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

        def step(h, item):
            pop.value = 0.99 * pop.value + jax.nn.one_hot(item, self.n_items)
            h, _ = cell(h, emb(item))
            return h, out(h)

        _, scores = jax.lax.scan(step, h, clicks)
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
