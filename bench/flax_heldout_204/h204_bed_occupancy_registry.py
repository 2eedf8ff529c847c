# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step builder from the STEP_BUILDERS registry returns jax.checkpoint(partial(model.apply, variables)) of a train-mode BatchNorm model, called in the fori_loop body
"""Hospital bed-occupancy forecasting: a ward-level model predicts tomorrow's occupancy
from today's admissions, discharges and occupancy. Forecast steps are looked up by name in
a registry so the capacity-planning service can switch strategies from its config."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

STEP_BUILDERS = {}


def register_step(name):
    def decorator(builder):
        STEP_BUILDERS[name] = builder
        return builder
    return decorator


class WardModel(nn.Module):
    n_wards: int
    train: bool = True

    @nn.compact
    def __call__(self, census):  # census: [n_wards, 3]
        h = nn.Dense(16)(census)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        delta = nn.Dense(1)(nn.relu(h))[:, 0]
        return jnp.maximum(census[:, 0] + delta, 0.0)


@register_step("adaptive")
def build_adaptive_step(model, variables):
    # the stats keep adapting to the season while we roll forward
    return jax.checkpoint(functools.partial(model.apply, variables))


class CapacityPlanner:
    def __init__(self, strategy: str, n_wards: int):
        self.model = WardModel(n_wards)
        self.variables = self.model.init(jax.random.key(0), jnp.ones((n_wards, 3)))
        self.step = STEP_BUILDERS[strategy](self.model, self.variables)

    def forecast(self, census, admissions, discharges, horizon: int):
        def day(t, carry):
            census, trace = carry
            occupancy = self.step(census)
            census = jnp.stack([occupancy, admissions[t], discharges[t]], axis=-1)
            return census, trace.at[t].set(occupancy.sum())

        trace = jnp.zeros((horizon,))
        _, trace = lax.fori_loop(0, horizon, day, (census, trace))
        return trace


def main():
    n_wards, horizon = 5, 7
    planner = CapacityPlanner("adaptive", n_wards)
    census = jax.random.uniform(jax.random.key(1), (n_wards, 3), minval=5, maxval=30)
    admissions = jax.random.poisson(jax.random.key(2), 4.0, (horizon, n_wards)).astype(jnp.float32)
    discharges = jax.random.poisson(jax.random.key(3), 3.0, (horizon, n_wards)).astype(jnp.float32)
    print(planner.forecast(census, admissions, discharges, horizon))
    return None
