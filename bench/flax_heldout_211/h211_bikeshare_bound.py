# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 rebalancer.pool.bound (model.bind(..., mutable=['batch_stats']) held by the pool) runs in train mode in the while_loop body; its stats are read after the loop
"""Bicycle-share rebalancing: move bikes between docks until forecast demand and stock agree."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class DockDemandNet(nn.Module):
    @nn.compact
    def __call__(self, feats, train: bool = False):
        h = nn.Dense(16)(feats)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0] * 10.0


class StationPool:
    """Holds the bound demand model for one city; refreshes running stats as trips come in."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def demand(self, feats):
        return self.bound(feats, train=True)

    def stats_summary(self):
        stats = self.bound.variables["batch_stats"]
        return jax.tree.map(lambda a: float(jnp.mean(a)), stats)


class Rebalancer:
    def __init__(self, pool, max_trips=8, tol=0.5):
        self.pool = pool
        self.max_trips = max_trips
        self.tol = tol

    def plan(self, feats, stock):
        def cond(state):
            trip, stock, gap = state
            return (trip < self.max_trips) & (gap > self.tol)

        def body(state):
            trip, stock, _ = state
            want = self.pool.demand(feats + 0.01 * trip)
            stock = stock + 0.5 * (want - stock)
            return trip + 1, stock, jnp.max(jnp.abs(want - stock))

        trips, stock, _ = while_loop(cond, body, (0, stock, jnp.inf))
        return trips, stock


def main():
    feats = jax.random.normal(jax.random.key(1), (10, 6))
    model = DockDemandNet()
    variables = model.init(jax.random.key(0), feats)
    rebalancer = Rebalancer(StationPool(model, variables))
    trips, stock = rebalancer.plan(feats, jnp.full((10,), 5.0))
    summary = rebalancer.pool.stats_summary()
    print(int(trips), summary)
    return None
