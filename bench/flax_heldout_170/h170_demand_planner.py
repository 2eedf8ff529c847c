# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 DemandPlanner.__call__ runs the weekly scan itself; its setup-defined BatchNorm updates batch_stats inside the scan body
"""Retail demand planner: rolls store-level demand forward week by week for replenishment."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class DemandPlanner(nn.Module):
    n_stores: int
    training: bool = True

    def setup(self):
        self.embed = nn.Dense(16)
        self.norm = nn.BatchNorm(momentum=0.9)
        self.head = nn.Dense(1)

    def week(self, signals):
        h = self.norm(nn.relu(self.embed(signals)), use_running_average=not self.training)
        return nn.softplus(self.head(h))[..., 0]  # units per store

    def __call__(self, weekly_signals):
        if self.is_initializing():
            self.week(weekly_signals[0])

        def body(on_hand, signals):
            demand = self.week(signals)
            order = jnp.maximum(demand * 1.2 - on_hand, 0.0)
            return on_hand + order - demand, order

        return scan(body, jnp.zeros(self.n_stores), weekly_signals)


def save_running_stats(batch_stats):
    """What the planning job writes next to the checkpoint."""
    return jax.tree.map(lambda a: jnp.round(a, 4), batch_stats)


def main():
    planner = DemandPlanner(n_stores=10)
    signals = jax.random.uniform(jax.random.key(0), (8, 10, 5))  # weeks x stores x promo/price/season
    variables = planner.init(jax.random.key(1), signals)
    (closing, orders), updates = planner.apply(variables, signals, mutable=["batch_stats"])
    save_running_stats(updates["batch_stats"])
    assert orders.shape == (8, 10)
    return None
