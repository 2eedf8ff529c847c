# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a bound planner (model.bind with mutable=["stats"]) stored on a beam-search object counts visits inside the fori_loop body
"""Logistics route planner: greedy beam over depots with a learned heuristic that logs visit counts."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DepotHeuristic(nn.Module):
    n_depots: int

    @nn.compact
    def __call__(self, pos_feats):
        visits = self.variable("stats", "visits", jnp.zeros, (self.n_depots,))
        scores = nn.Dense(self.n_depots)(pos_feats)
        choice = jnp.argmax(scores - visits.value)
        visits.value = visits.value + jax.nn.one_hot(choice, self.n_depots)
        return choice


class GreedyRouter:
    def __init__(self, heuristic: nn.Module, variables):
        self.planner = heuristic.bind(variables, mutable=["stats"])

    def route(self, depot_feats, n_hops):
        def hop(i, pos):
            nxt = self.planner(depot_feats[pos])
            return nxt

        return jax.lax.fori_loop(0, n_hops, hop, 0)

    def visit_report(self):
        return self.planner.variables["stats"]["visits"]


def main():
    n = 6
    feats = jax.random.normal(jax.random.key(0), (n, 4))
    heuristic = DepotHeuristic(n)
    variables = heuristic.init(jax.random.key(1), feats[0])
    router = GreedyRouter(heuristic, variables)
    router.route(feats, 5)
    report = router.visit_report()
    float(report.sum())
    return None
