# label: same-values
# flax-error: none
# class: 2 the gust key is a local of gust_scenarios, drawn from the gust stream and used in the while_loop body
"""Mooring line loads under gusts for the pilot's berthing advice: the load model is evaluated
for a handful of gust scenarios around the forecast wind at the berth."""

import jax
import jax.numpy as jnp
import jax.random as random
import flax.linen as nn
from jax.lax import while_loop

SCENARIOS = 5
WIND_COMPONENTS = 3
LINES = 4


class MooringLoadModel(nn.Module):
    lines: int = LINES

    def setup(self):
        self.response = nn.Dense(self.lines)

    def line_loads(self, wind):
        return nn.softplus(self.response(wind))

    def gust_scenarios(self, wind, scenarios: int):
        gust_key = self.make_rng("gust")

        def next_scenario(state):
            i, loads = state
            gust = 0.3 * random.normal(gust_key, wind.shape)
            return i + 1, loads.at[i].set(self.line_loads(wind + gust))

        start = (0, jnp.zeros((scenarios, self.lines)))
        _, loads = while_loop(lambda s: s[0] < scenarios, next_scenario, start)
        return loads


class MooringAdvisor:
    def __init__(self, model: MooringLoadModel, params):
        self.model = model
        self.params = params

    def advise(self, forecast_wind, key):
        return self.model.apply({"params": self.params}, forecast_wind, SCENARIOS,
                                method=MooringLoadModel.gust_scenarios, rngs={"gust": key})


def main():
    model = MooringLoadModel()
    wind = jnp.array([0.8, -0.2, 0.1])
    params = model.init(random.key(2), wind, method=MooringLoadModel.line_loads)["params"]
    return MooringAdvisor(model, params).advise(wind, random.key(3))
