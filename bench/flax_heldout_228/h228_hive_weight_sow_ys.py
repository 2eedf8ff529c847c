# label: ok
# flax-error: none
# class: 1 HiveWeightModel.season runs jax.lax.scan itself, emits the daily gain as scan output and sows it once after the loop
"""Beehive scale telemetry: a recurrent model of daily hive weight that records the forage
gain it infers for each day so the apiary dashboard can plot nectar flow."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class HiveWeightModel(nn.Module):
    hidden: int = 6

    @nn.compact
    def season(self, weather):
        cell = nn.Dense(self.hidden, name="cell")
        readout = nn.Dense(1, name="readout")
        state = jnp.zeros(self.hidden)
        cell(jnp.concatenate([state, weather[0]]))
        readout(state)

        def day(state, conditions):
            state = jnp.tanh(cell(jnp.concatenate([state, conditions])))
            gain = readout(state)
            return state, gain

        state, gains = jax.lax.scan(day, state, weather)
        self.sow("intermediates", "forage_gain", gains)
        return readout(state)


class ApiaryDashboard:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def nectar_flow(self, weather):
        _, state = self.model.apply(self.variables, weather, method=HiveWeightModel.season,
                                    mutable=["intermediates"])
        (gains,) = state["intermediates"]["forage_gain"]
        return [float(jnp.squeeze(g)) for g in gains]


def main():
    model = HiveWeightModel()
    weather = jax.random.normal(jax.random.key(2), (12, 3))
    variables = model.init(jax.random.key(0), weather, method=HiveWeightModel.season)
    ApiaryDashboard(model, variables).nectar_flow(weather)
    return None
