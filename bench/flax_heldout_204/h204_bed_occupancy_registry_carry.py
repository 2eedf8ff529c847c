# label: ok
# flax-error: none
# class: 5 a step builder from the STEP_BUILDERS registry returns a jax.checkpoint'ed step that applies the model with mutable=['batch_stats']; the stats ride in the fori_loop carry
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


def _adaptive_apply(model, params, batch_stats, census):
    occupancy, updates = model.apply(
        {"params": params, "batch_stats": batch_stats}, census, mutable=["batch_stats"]
    )
    return occupancy, updates["batch_stats"]


@register_step("adaptive")
def build_adaptive_step(model, variables):
    # the stats keep adapting to the season while we roll forward
    return jax.checkpoint(functools.partial(_adaptive_apply, model, variables["params"]))


class CapacityPlanner:
    def __init__(self, strategy: str, n_wards: int):
        self.model = WardModel(n_wards)
        self.variables = self.model.init(jax.random.key(0), jnp.ones((n_wards, 3)))
        self.step = STEP_BUILDERS[strategy](self.model, self.variables)

    def forecast(self, census, admissions, discharges, horizon: int):
        def day(t, carry):
            census, batch_stats, trace = carry
            occupancy, batch_stats = self.step(batch_stats, census)
            census = jnp.stack([occupancy, admissions[t], discharges[t]], axis=-1)
            return census, batch_stats, trace.at[t].set(occupancy.sum())

        init = (census, self.variables["batch_stats"], jnp.zeros((horizon,)))
        _, batch_stats, trace = lax.fori_loop(0, horizon, day, init)
        self.variables = {**self.variables, "batch_stats": batch_stats}
        return trace


def main():
    n_wards, horizon = 5, 7
    planner = CapacityPlanner("adaptive", n_wards)
    census = jax.random.uniform(jax.random.key(1), (n_wards, 3), minval=5, maxval=30)
    admissions = jax.random.poisson(jax.random.key(2), 4.0, (horizon, n_wards)).astype(jnp.float32)
    discharges = jax.random.poisson(jax.random.key(3), 3.0, (horizon, n_wards)).astype(jnp.float32)
    print(planner.forecast(census, admissions, discharges, horizon))
    return None
