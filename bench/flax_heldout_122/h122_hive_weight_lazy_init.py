# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 HiveWeightModel.__call__ runs the scan itself and the intake Dense is first called, and its params created during init, inside the scan body
"""Beekeeping: forecast daily hive weight from weather features by rolling a learned nectar
intake model over the season."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class HiveWeightModel(nn.Module):
    @nn.compact
    def __call__(self, weather, weight0):
        intake = nn.Dense(1, name="intake")

        def day(weight, feats):
            x = jnp.concatenate([feats, weight[..., None] / 50.0], axis=-1)
            weight = weight + 0.2 * jnp.tanh(intake(x))[..., 0]
            return weight, weight

        _, weights = jax.lax.scan(day, weight0, weather)
        return weights


class ApiaryForecaster:
    def __init__(self, key, weather, weight0):
        self.model = HiveWeightModel()
        self.variables = self.model.init(key, weather, weight0)

    def forecast(self, weather, weight0):
        return self.model.apply(self.variables, weather, weight0)


def main():
    weather = jax.random.normal(jax.random.key(0), (30, 8, 4))  # days x hives x weather features
    weight0 = jnp.full((8,), 42.0)
    forecaster = ApiaryForecaster(jax.random.key(1), weather, weight0)
    jax.block_until_ready(forecaster.forecast(weather, weight0))
    return None
