# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 HiveWeightModel.season runs jax.lax.scan itself and calls self.sow('intermediates', ...) inside the body
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
            self.sow("intermediates", "forage_gain", gain)
            return state, None

        state, _ = jax.lax.scan(day, state, weather)
        return readout(state)


class ApiaryDashboard:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def nectar_flow(self, weather):
        _, state = self.model.apply(self.variables, weather, method=HiveWeightModel.season,
                                    mutable=["intermediates"])
        gains = state["intermediates"]["forage_gain"]
        return [float(jnp.squeeze(g)) for g in gains]


def main():
    model = HiveWeightModel()
    weather = jax.random.normal(jax.random.key(2), (12, 3))
    variables = model.init(jax.random.key(0), weather, method=HiveWeightModel.season)
    ApiaryDashboard(model, variables).nectar_flow(weather)
    return None
