# label: ok
# flax-error: none
# class: 1 the IrrigationPlanner module method runs the while_loop itself; each block's soil moisture goes into a buffer in the carry and is sown after the loop
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
            i, spent, _ = state
            return (i < self.n_blocks) & (spent < self.budget)

        def body(state):
            i, spent, moisture_log = state
            moisture = jax.nn.sigmoid(uptake(block_features[i]))[0]
            return i + 1, spent + (1.0 - moisture), moisture_log.at[i].set(moisture)

        init = (0, jnp.zeros(()), jnp.full((self.n_blocks,), jnp.nan))
        _, spent, moisture_log = lax.while_loop(cond, body, init)
        self.sow("intermediates", "moisture", moisture_log)
        return spent


class DashboardObserver:
    def __init__(self):
        self.rows = []

    def notify(self, intermediates):
        for value in jax.tree.leaves(intermediates):
            self.rows.append(jnp.round(value * 100).tolist())


def main():
    planner = IrrigationPlanner()
    features = jax.random.normal(jax.random.key(0), (planner.n_blocks, 5))
    variables = planner.init(jax.random.key(1), features)
    observers = [DashboardObserver()]
    spent, state = planner.apply({"params": variables["params"]}, features, mutable=["intermediates"])
    for observer in observers:
        observer.notify(state["intermediates"])
    return None
