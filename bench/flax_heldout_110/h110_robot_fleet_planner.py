# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/aisle_norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 functools.partial(model.apply, variables) stored on the FleetPlanner; the fori_loop body calls self._predict without train=False, so BatchNorm writes batch_stats
"""Warehouse robot fleet: roll aisle congestion forward over a planning horizon.

The planner predicts next-tick aisle occupancy from the current occupancy map and the
robots' queued moves, and iterates the prediction for the look-ahead horizon.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class CongestionNet(nn.Module):
    aisles: int = 12

    @nn.compact
    def __call__(self, occupancy, queued_moves, train: bool = True):
        x = jnp.concatenate([occupancy, queued_moves], axis=-1)
        h = nn.Dense(32, name="mix")(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95, name="aisle_norm")(h)
        return nn.sigmoid(nn.Dense(self.aisles, name="next_occupancy")(nn.gelu(h)))


class FleetPlanner:
    def __init__(self, model: CongestionNet, variables, horizon: int = 6):
        self._predict = functools.partial(model.apply, variables)
        self.horizon = horizon

    def look_ahead(self, occupancy, queued_moves):
        def tick(t, occ):
            return self._predict(occ, queued_moves)

        return lax.fori_loop(0, self.horizon, tick, occupancy)

    def blocked_aisles(self, occupancy, queued_moves, limit=0.85):
        final = self.look_ahead(occupancy, queued_moves)
        return jnp.argwhere(final.max(0) > limit, size=3, fill_value=-1)[:, 0]


def main():
    model = CongestionNet()
    occupancy = jax.random.uniform(jax.random.key(0), (8, 12))  # 8 zones x 12 aisles
    moves = jax.random.uniform(jax.random.key(1), (8, 12))
    variables = model.init(jax.random.key(2), occupancy, moves, train=False)
    planner = FleetPlanner(model, variables)
    jax.block_until_ready(planner.blocked_aisles(occupancy, moves))
    return None
