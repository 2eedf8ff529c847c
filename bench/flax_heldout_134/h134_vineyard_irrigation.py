# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the IrrigationPlanner module method runs the while_loop itself and sows each block's soil moisture from inside the body
"""Vineyard irrigation planner: walks the vine blocks until the water budget is spent,
sowing the predicted soil moisture of each block for the dashboard observers."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class IrrigationPlanner(nn.Module):
    n_blocks: int = 6
    budget: float = 4.0

    @nn.compact
    def __call__(self, block_features):
        uptake = nn.Dense(1, name="uptake")
        uptake(block_features[0])  # create the parameters outside the loop

        def cond(state):
            i, spent = state
            return (i < self.n_blocks) & (spent < self.budget)

        def body(state):
            i, spent = state
            moisture = jax.nn.sigmoid(uptake(block_features[i]))[0]
            self.sow("intermediates", "moisture", moisture)
            return i + 1, spent + (1.0 - moisture)

        _, spent = lax.while_loop(cond, body, (0, jnp.zeros(())))
        return spent


class DashboardObserver:
    def __init__(self):
        self.rows = []

    def notify(self, intermediates):
        for value in jax.tree.leaves(intermediates):
            self.rows.append(float(jnp.round(value * 100)))


def main():
    planner = IrrigationPlanner()
    features = jax.random.normal(jax.random.key(0), (planner.n_blocks, 5))
    variables = planner.init(jax.random.key(1), features)
    observers = [DashboardObserver()]
    spent, state = planner.apply({"params": variables["params"]}, features, mutable=["intermediates"])
    for observer in observers:
        observer.notify(state["intermediates"])
    return None
