# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BerthPlanner.plan_day runs the scan itself and the body appends each berth decision to the module's own decision_log list
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
            self.decision_log.append(scores)
            return h, None

        h, _ = lax.scan(arrival_step, jnp.zeros(12), arrivals)
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
