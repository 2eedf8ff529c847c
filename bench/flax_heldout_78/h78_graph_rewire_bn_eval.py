# label: ok
# flax-error: none
# class: 4 module-level refinement loop calls apply_fn(train=False) in lax.scan, batch_stats only read
"""Iterative graph rewiring: a GNN scores edges, the adjacency is softly refined for K rounds."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class EdgeScorer(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, adj, feats, train: bool):
        deg = adj.sum(-1, keepdims=True) + 1.0
        h = nn.Dense(self.hidden)((adj @ feats) / deg)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return nn.sigmoid(h @ h.T / self.hidden)


def refine_graph(apply_fn, variables, adj, feats, n_rounds, train):
    def one_round(a, _):
        scores = apply_fn(variables, a, feats, train)
        a = 0.5 * a + 0.5 * scores
        return a, jnp.abs(scores - a).mean()

    return scan(one_round, adj, None, length=n_rounds)


def main():
    n = 6
    k1, k2 = jax.random.split(jax.random.key(0))
    adj = (jax.random.uniform(k1, (n, n)) > 0.6).astype(jnp.float32)
    feats = jax.random.normal(k2, (n, 5))
    model = EdgeScorer()
    variables = model.init(jax.random.key(1), adj, feats, False)
    adj_new, deltas = refine_graph(model.apply, variables, adj, feats, 4, False)
    deltas.block_until_ready()
    return None
