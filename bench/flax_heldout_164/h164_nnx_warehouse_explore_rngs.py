# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 PickPathPlanner.rngs (nnx.Rngs with an 'explore' stream), drawn from in the while_loop body
"""Warehouse robotics: sample perturbed pick paths for one order wave.

The planner owns a scorer and an nnx.Rngs with an 'explore' stream; candidate paths are
sampled until the wave's quota is filled with jax.lax.while_loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class AisleScorer(nnx.Module):
    def __init__(self, n_aisles: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_aisles, n_aisles, rngs=rngs)

    def __call__(self, congestion):
        return nnx.log_softmax(self.proj(congestion))


class PickPathPlanner:
    def __init__(self, n_aisles: int, seed: int):
        self.rngs = nnx.Rngs(params=seed, explore=seed + 1)
        self.scorer = AisleScorer(n_aisles, self.rngs)
        self.n_aisles = n_aisles

    def sample_paths(self, congestion, quota: int):
        logits = self.scorer(congestion)

        def not_full(state):
            i, _ = state
            return i < quota

        def sample(state):
            i, paths = state
            gumbel = jax.random.gumbel(self.rngs.explore(), (self.n_aisles,))
            order = jnp.argsort(-(logits + gumbel))
            return i + 1, paths.at[i].set(order)

        init = (0, jnp.zeros((quota, self.n_aisles), jnp.int32))
        _, paths = jax.lax.while_loop(not_full, sample, init)
        return paths


def main():
    planner = PickPathPlanner(n_aisles=8, seed=0)
    congestion = jax.random.uniform(jax.random.key(4), (8,))
    paths = planner.sample_paths(congestion, quota=6)
    print("first aisle of each path", paths[:, 0])
    return paths
