# label: ok
# flax-error: none
# class: 1 query params fetched before the loop; alignments leave the scan as ys and are sown after it
"""Attention-weights probe: alignments are returned from lax.scan and sown once, outside the loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class AttnDecoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, memory, queries):
        W = self.param("query_kernel", nn.initializers.lecun_normal(), (self.dim, self.dim))

        def step(state, q):
            scores = memory @ ((q + state) @ W)
            align = jax.nn.softmax(scores)
            ctx = align @ memory
            return ctx, (ctx, align)

        _, (ctxs, aligns) = scan(step, jnp.zeros(self.dim), queries)
        self.sow("intermediates", "alignment", aligns)
        return ctxs


def main():
    memory = jax.random.normal(jax.random.PRNGKey(1), (7, 8))
    queries = jnp.ones((5, 8))
    model = AttnDecoder()
    params = model.init(jax.random.PRNGKey(0), memory, queries)["params"]
    ctxs, inter = model.apply({"params": params}, memory, queries, mutable=["intermediates"])
    jax.tree.map(lambda a: a.block_until_ready(), inter)
    return None
