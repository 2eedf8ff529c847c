# label: ok
# flax-error: none
# class: 4 module-level refine() receives the NNX scorer in eval mode; BatchNorm stats only read in lax.scan
"""Iterative graph rewiring in NNX: a GCN edge scorer with BatchNorm refines the adjacency."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class EdgeScorer(nnx.Module):
    def __init__(self, in_dim, hidden, *, rngs):
        self.proj = nnx.Linear(in_dim, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.hidden = hidden

    def __call__(self, adj, feats):
        deg = adj.sum(-1, keepdims=True) + 1.0
        h = nnx.relu(self.norm(self.proj((adj @ feats) / deg)))
        return nnx.sigmoid(h @ h.T / self.hidden)


def refine(scorer, adj, feats, n_rounds=4):
    def one_round(a, _):
        s = scorer(a, feats)
        return 0.5 * a + 0.5 * s, jnp.abs(s - a).mean()

    return scan(one_round, adj, None, length=n_rounds)


def main():
    k1, k2 = jax.random.split(jax.random.key(0))
    adj = (jax.random.uniform(k1, (6, 6)) > 0.6).astype(jnp.float32)
    feats = jax.random.normal(k2, (6, 5))
    scorer = EdgeScorer(5, 16, rngs=nnx.Rngs(1))
    scorer.eval()
    _, deltas = refine(scorer, adj, feats)
    deltas.block_until_ready()
    return None
