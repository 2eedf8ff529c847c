# label: ok
# flax-error: none
# class: 5 the key drawn from the nnx.Rngs "sample" stream before the fori_loop is folded in with the hop index in the body
"""Logistics route planner in NNX: a learned heuristic plus Gumbel exploration noise per hop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LearnedHeuristic(nnx.Module):
    def __init__(self, feat_dim, rngs: nnx.Rngs):
        self.score = nnx.Linear(feat_dim, 1, rngs=rngs)

    def __call__(self, feats):
        return self.score(feats)[..., 0]


class RoutePlanner(nnx.Module):
    def __init__(self, feat_dim, rngs: nnx.Rngs):
        self.heuristic = LearnedHeuristic(feat_dim, rngs)
        self.rngs = rngs

    def exploration_noise(self, feats, n_hops):
        scores = self.heuristic(feats)
        key = self.rngs.sample()

        def hop(i, noise):
            g = jax.random.gumbel(jax.random.fold_in(key, i), scores.shape)
            return noise.at[i].set(g)

        return jax.lax.fori_loop(0, n_hops, hop, jnp.zeros((n_hops,) + scores.shape))


def main():
    planner = RoutePlanner(5, nnx.Rngs(params=0, sample=1))
    feats = jax.random.normal(jax.random.key(2), (9, 5))
    return planner.exploration_noise(feats, 6)
