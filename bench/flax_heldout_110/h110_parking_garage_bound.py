# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/level_norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a local bound = model.bind(variables) in simulate_day; the scan body calls bound(...) with the module's default train=True, so BatchNorm writes batch_stats
"""Parking garage: roll per-level occupancy through a day in 15-minute slots.

Operations staff call simulate_day from a notebook-backed service to decide when to open
the overflow levels.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class OccupancyModel(nn.Module):
    levels: int = 5

    @nn.compact
    def __call__(self, occupancy, arrivals, train: bool = True):
        h = nn.Dense(16, name="flow")(jnp.concatenate([occupancy, arrivals], -1))
        h = nn.BatchNorm(use_running_average=not train, name="level_norm")(h)
        delta = nn.Dense(self.levels, name="delta")(nn.relu(h))
        return jnp.clip(occupancy + 0.1 * jnp.tanh(delta), 0.0, 1.0)


def simulate_day(model: OccupancyModel, variables, occupancy, arrivals_by_slot):
    bound = model.bind(variables)

    def slot(occ, arrivals):
        occ = bound(occ, arrivals)
        return occ, occ.mean()

    final, mean_by_slot = jax.lax.scan(slot, occupancy, arrivals_by_slot)
    overflow_slot = jnp.argmax(mean_by_slot > 0.8)
    return final, overflow_slot


def main():
    occupancy = jnp.full((3, 5), 0.4)  # 3 garages x 5 levels
    arrivals = jax.random.uniform(jax.random.key(0), (16, 3, 5))
    model = OccupancyModel()
    variables = model.init(jax.random.key(1), occupancy, arrivals[0], train=False)
    jax.block_until_ready(simulate_day(model, variables, occupancy, arrivals))
    return None
