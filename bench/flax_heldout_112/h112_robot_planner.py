# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the planner service asks its grid planner, which queries a cost oracle holding model.bind(variables, mutable=['batch_stats']) inside the fori_loop sweeps
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
    """Keeps the cost model bound so that planners can call it like a function."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def cost(self, feats):
        return self.bound(feats)

    def stats(self):
        return self.bound.variables["batch_stats"]


class GridPlanner:
    def __init__(self, oracle, n_sweeps=6):
        self.oracle = oracle
        self.n_sweeps = n_sweeps

    def plan(self, feats, goal):
        h, w, f = feats.shape

        def sweep(i, values):
            cost = self.oracle.cost(feats.reshape(h * w, f)).reshape(h, w)
            best = jnp.minimum(
                jnp.minimum(jnp.roll(values, 1, 0), jnp.roll(values, -1, 0)),
                jnp.minimum(jnp.roll(values, 1, 1), jnp.roll(values, -1, 1)),
            )
            values = jnp.minimum(values, best + cost)
            return values.at[goal].set(0.0)

        init = jnp.full((h, w), 1e3).at[goal].set(0.0)
        return lax.fori_loop(0, self.n_sweeps, sweep, init)


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
