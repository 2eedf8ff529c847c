# label: ok
# flax-error: none
# class: 4 rebalancer.pool's model.apply runs in train mode in the while_loop body with mutable=['batch_stats']; the stats travel in the loop carry and are stored on the pool after the loop
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
    """Holds the demand model for one city; refreshes running stats as trips come in."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def demand(self, feats, batch_stats):
        want, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, feats, train=True, mutable=["batch_stats"]
        )
        return want, updates["batch_stats"]

    def stats_summary(self):
        return jax.tree.map(lambda a: float(jnp.mean(a)), self.batch_stats)


class Rebalancer:
    def __init__(self, pool, max_trips=8, tol=0.5):
        self.pool = pool
        self.max_trips = max_trips
        self.tol = tol

    def plan(self, feats, stock):
        def cond(state):
            trip, stock, gap, _ = state
            return (trip < self.max_trips) & (gap > self.tol)

        def body(state):
            trip, stock, _, stats = state
            want, stats = self.pool.demand(feats + 0.01 * trip, stats)
            stock = stock + 0.5 * (want - stock)
            return trip + 1, stock, jnp.max(jnp.abs(want - stock)), stats

        trips, stock, _, stats = while_loop(cond, body, (0, stock, jnp.inf, self.pool.batch_stats))
        self.pool.batch_stats = stats
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
