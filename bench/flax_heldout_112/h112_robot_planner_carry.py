# label: ok
# flax-error: none
# class: 4 the planner service asks its grid planner, which queries a cost oracle holding the params and batch_stats; the stats ride in the fori_loop carry and are stored back after the sweeps
"""Warehouse robot path planner: value-iteration sweeps over a learned traversal cost map.

The cost net renormalises its features online (BatchNorm in training mode) so that a new
warehouse layout does not need a retrained model; the service checkpoints those statistics.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class CostNet(nn.Module):
    @nn.compact
    def __call__(self, feats):
        h = nn.Dense(8)(feats)
        h = nn.BatchNorm(use_running_average=False, momentum=0.9)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h))).squeeze(-1)


class CostOracle:
    """Keeps the cost model and its variables so that planners can call it like a function."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def cost(self, feats, batch_stats):
        cost, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, feats, mutable=["batch_stats"]
        )
        return cost, updates["batch_stats"]

    def stats(self):
        return self.batch_stats


class GridPlanner:
    def __init__(self, oracle, n_sweeps=6):
        self.oracle = oracle
        self.n_sweeps = n_sweeps

    def plan(self, feats, goal):
        h, w, f = feats.shape

        def sweep(i, carry):
            values, stats = carry
            cost, stats = self.oracle.cost(feats.reshape(h * w, f), stats)
            cost = cost.reshape(h, w)
            best = jnp.minimum(
                jnp.minimum(jnp.roll(values, 1, 0), jnp.roll(values, -1, 0)),
                jnp.minimum(jnp.roll(values, 1, 1), jnp.roll(values, -1, 1)),
            )
            values = jnp.minimum(values, best + cost)
            return values.at[goal].set(0.0), stats

        init = jnp.full((h, w), 1e3).at[goal].set(0.0)
        values, stats = lax.fori_loop(0, self.n_sweeps, sweep, (init, self.oracle.batch_stats))
        self.oracle.batch_stats = stats
        return values


class PlannerService:
    def __init__(self, planner):
        self.planner = planner
        self.checkpoint = None

    def handle(self, feats, goal):
        values = self.planner.plan(feats, goal)
        self.checkpoint = jax.tree.map(jnp.copy, self.planner.oracle.stats())
        return values


def main():
    feats = jax.random.uniform(jax.random.key(0), (6, 6, 4))  # shelf, aisle, traffic, charger
    model = CostNet()
    variables = model.init(jax.random.key(1), feats.reshape(36, 4))
    service = PlannerService(GridPlanner(CostOracle(model, variables)))
    values = service.handle(feats, (5, 5))
    float(values[0, 0])
    return None
