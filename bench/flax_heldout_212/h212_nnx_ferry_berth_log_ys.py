# label: ok
# flax-error: none
# class: 1 BerthPlanner.plan_day runs the scan itself; the body returns each berth decision as ys and the method extends the module's decision_log after the loop
"""Ferry terminal berth planning: arrivals through the day (vessel length, draught, delay,
vehicle count, wind) are fed to a recurrent planner; the harbour master's dashboard reads
the planner's decision log afterwards."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class BerthPlanner(nnx.Module):
    def __init__(self, berths: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(5, 12, rngs=rngs)
        self.cell = nnx.Linear(12, 12, rngs=rngs)
        self.head = nnx.Linear(12, berths, rngs=rngs)
        self.decision_log = []

    def plan_day(self, arrivals):
        def arrival_step(h, arrival):
            h = jnp.tanh(self.cell(h) + self.enc(arrival))
            scores = self.head(h)
            return h, scores

        h, all_scores = lax.scan(arrival_step, jnp.zeros(12), arrivals)
        self.decision_log.extend(list(all_scores))
        return h


class Dashboard:
    def __init__(self, planner: BerthPlanner):
        self.planner = planner

    def berth_usage(self, berths: int):
        decisions = jnp.stack(self.planner.decision_log).argmax(-1)
        return jnp.bincount(decisions, length=berths)


def main():
    arrivals = jax.random.normal(jax.random.key(0), (9, 5))
    planner = BerthPlanner(3, nnx.Rngs(0))
    planner.plan_day(arrivals)
    Dashboard(planner).berth_usage(3)
    return None
