# label: ok
# flax-error: none
# class: 3 PollinationForecaster.bound (model.bind) runs in the scan body; canopy states leave as scan ys, not sown
"""Daily bee-visit forecasting for an apple orchard's pollination window."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class BloomVisitModel(nn.Module):
    hidden: int = 12

    def setup(self):
        self.weather = nn.Dense(self.hidden)
        self.visits = nn.Dense(1)

    def __call__(self, day_weather):
        return self.step(jnp.zeros(self.hidden), day_weather)

    def step(self, state, day_weather):
        state = nn.tanh(0.7 * state + self.weather(day_weather))
        return state, (nn.softplus(self.visits(state))[0], state)


class PollinationForecaster:
    def __init__(self, model: BloomVisitModel, variables):
        self.model = model
        self.bound = model.bind(variables)

    def forecast(self, season):
        _, (visits, canopy) = scan(self.bound.step, jnp.zeros(self.model.hidden), season)
        spread = canopy.std()
        return visits, spread


def main():
    season = jax.random.normal(jax.random.key(7), (21, 4))
    model = BloomVisitModel()
    variables = model.init(jax.random.key(0), season[0])
    forecaster = PollinationForecaster(model, {"params": variables["params"]})
    visits, spread = forecaster.forecast(season)
    print(f"peak visits {float(visits.max()):.2f}, canopy spread {float(spread):.3f}")
    return None
