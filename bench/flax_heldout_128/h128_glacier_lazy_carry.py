# label: ok
# flax-error: none
# class: 4 MeltSimulator.run -> self.forecaster builds its variables before the loop; they enter the fori_loop in the carry and predict_with uses them
"""Glacier melt forecasting: daily ablation rollout with a lazily built surrogate.

The simulator asks the forecaster for its variables before the loop (building them
there) and threads them through the fori_loop carry.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class AblationNet(nn.Module):
    @nn.compact
    def __call__(self, weather):
        h = nn.gelu(nn.Dense(24)(weather))
        return nn.Dense(1)(h)[..., 0]


class LazyForecaster:
    def __init__(self, module, seed=0):
        self.module = module
        self.seed = seed
        self._variables = None

    def variables_for(self, example):
        if self._variables is None:
            self._variables = self.module.init(jax.random.key(self.seed), example)
        return self._variables

    def predict_with(self, variables, weather):
        return self.module.apply(variables, weather)

    def predict(self, weather):
        return self.predict_with(self.variables_for(weather), weather)


class MeltSimulator:
    def __init__(self, forecaster, days=10):
        self.forecaster = forecaster
        self.days = days

    def run(self, forcing, ice_mm):
        def day(t, carry):
            variables, ice = carry
            melt = self.forecaster.predict_with(variables, forcing[t])
            return variables, jnp.maximum(ice - jax.nn.softplus(melt), 0.0)

        variables = self.forecaster.variables_for(forcing[0])
        _, ice = lax.fori_loop(0, self.days, day, (variables, ice_mm))
        return ice


def main():
    # air temperature, shortwave, albedo, wind
    forcing = jax.random.normal(jax.random.key(7), (10, 3, 4))
    sim = MeltSimulator(LazyForecaster(AblationNet()))
    ice = sim.run(forcing, jnp.full((3,), 1200.0))
    tomorrow = sim.forecaster.predict(forcing[0])
    print(ice, tomorrow)
    return None
