# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 BoardingPlanner.plan scans vehicle arrival batches; the body calls self.net, a model.bind(variables) module built with train=True whose BatchNorm writes batch_stats to an immutable collection
"""Ro-ro ferry boarding: assigns arriving vehicles to car-deck lanes by predicted length class."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

N_LANES = 4


class VehicleClassifier(nn.Module):
    train: bool = True

    @nn.compact
    def __call__(self, vehicles):
        h = nn.Dense(12)(vehicles)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.95)(h)
        return nn.Dense(N_LANES)(nn.swish(h))


class BoardingPlanner:
    def __init__(self, model, variables, lane_capacity_m=60.0):
        self.net = model.bind(variables)
        self.lane_capacity_m = lane_capacity_m

    def plan(self, arrivals, lengths):
        def body(free_m, batch):
            vehicles, length = batch
            prefs = self.net(vehicles)
            prefs = prefs + jnp.log(jnp.clip(free_m - length[:, None], 1e-3))
            lane = jnp.argmax(prefs, axis=-1)
            used = jnp.zeros(N_LANES).at[lane].add(length)
            return free_m - used, lane

        free_m, lanes = scan(body, jnp.full(N_LANES, self.lane_capacity_m), (arrivals, lengths))
        return free_m, lanes


def main():
    model = VehicleClassifier()
    arrivals = jax.random.normal(jax.random.key(5), (6, 8, 5))
    lengths = jax.random.uniform(jax.random.key(6), (6, 8), minval=3.5, maxval=12.0)
    variables = model.init(jax.random.key(0), arrivals[0])
    planner = BoardingPlanner(model, variables)
    free_m, lanes = planner.plan(arrivals, lengths)
    free_m.block_until_ready()
    return None
