# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Dropout' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 simulate_season takes the growth model as a local and the fori_loop body calls model.eval() on it before each daily prediction
"""Crop growth simulator for yield forecasting: a learned daily-growth model (trained with
dropout) is rolled out over the remaining season from today's biomass and a weather forecast."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class DailyGrowth(nnx.Module):
    def __init__(self, weather_dim: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(weather_dim + 1, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.rate = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, biomass, weather):
        h = nnx.relu(self.hidden(jnp.concatenate([biomass[None], weather])))
        return nnx.softplus(self.rate(self.drop(h)))[0]


def simulate_season(model: DailyGrowth, biomass0, weather):
    num_days = weather.shape[0]

    def day(d, carry):
        biomass, trajectory = carry
        model.eval()  # rollouts must be deterministic
        biomass = biomass + model(biomass, weather[d]) * (1.0 - biomass / 20.0)
        return biomass, trajectory.at[d].set(biomass)

    _, trajectory = fori_loop(0, num_days, day, (biomass0, jnp.zeros(num_days)))
    return trajectory


def main():
    model = DailyGrowth(4, rngs=nnx.Rngs(0))
    weather = jax.random.normal(jax.random.key(1), (30, 4))
    trajectory = simulate_season(model, jnp.array(1.5), weather)
    print("forecast end-of-season biomass:", float(trajectory[-1]))
    return None
