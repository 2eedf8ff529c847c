# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "swe" in "/" because collection "snowpack" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 RunoffService.forecaster is a model.bind(variables) whose assimilate() writes the immutable 'snowpack' collection in the fori_loop body
"""Glacier runoff forecasting: a snowpack model assimilates daily weather and melts its snow
water equivalent; the service sums the melt over the forecast window."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class SnowpackModel(nn.Module):
    initial_swe_mm: float = 120.0

    def setup(self):
        self.melt_head = nn.Dense(1)
        self.swe = self.variable("snowpack", "swe", lambda: jnp.full((), self.initial_swe_mm))

    def __call__(self, weather):
        return nn.softplus(self.melt_head(weather))[0]

    def assimilate(self, weather):
        melt = jnp.minimum(self(weather) * 4.0, self.swe.value)
        self.swe.value = self.swe.value - melt
        return melt


class RunoffService:
    def __init__(self, model, variables):
        self.forecaster = model.bind(variables)

    def forecast(self, days):
        def body(i, runoff):
            return runoff + self.forecaster.assimilate(days[i])

        return fori_loop(0, days.shape[0], body, jnp.zeros(()))


def main():
    # air temperature, shortwave radiation, precipitation, wind
    days = jax.random.normal(jax.random.PRNGKey(0), (14, 4))
    model = SnowpackModel()
    variables = model.init(jax.random.PRNGKey(1), days[0], method=SnowpackModel.assimilate)
    RunoffService(model, variables).forecast(days).block_until_ready()
    return None
