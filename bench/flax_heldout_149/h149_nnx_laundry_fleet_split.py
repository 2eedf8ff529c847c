# label: ok
# flax-error: none
# class: 2 demand_key, drawn from the Rngs 'demand' stream, is a local of simulate_week that enters the while_loop state and is split each day
"""Commercial laundry fleet planning: daily linen demand from client hotels is simulated for a
week so the dispatcher can size the van fleet; a small model maps demand to van-hours."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class VanHoursModel(nnx.Module):
    def __init__(self, hotels, rngs):
        self.route = nnx.Linear(hotels, 1, rngs=rngs)

    def __call__(self, demand):
        return nnx.softplus(self.route(demand))[..., 0]


def simulate_week(model, rngs, base_demand, days):
    demand_key = rngs.demand()

    def cond(state):
        day, _, _ = state
        return day < days

    def body(state):
        day, key, van_hours = state
        key, day_key = jax.random.split(key)
        surge = jax.random.gamma(day_key, 4.0, base_demand.shape) / 4.0
        return day + 1, key, van_hours.at[day].set(model(base_demand * surge))

    _, _, van_hours = lax.while_loop(cond, body, (0, demand_key, jnp.zeros((days,) + base_demand.shape[:-1])))
    return van_hours


class Dispatcher:
    def __init__(self, hotels):
        self.rngs = nnx.Rngs(params=0, demand=1)
        self.model = VanHoursModel(hotels, self.rngs)

    def plan(self, base_demand):
        return simulate_week(self.model, self.rngs, base_demand, days=7)


def main():
    base = jnp.array([[120.0, 80.0, 45.0, 60.0], [30.0, 95.0, 70.0, 20.0]]) / 100.0
    return Dispatcher(hotels=4).plan(base)
