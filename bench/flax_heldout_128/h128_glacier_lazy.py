# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 MeltSimulator.run -> self.forecaster.predict -> LazyForecaster builds and caches its variables on first use, which is inside the fori_loop body
"""Glacier melt forecasting: daily ablation rollout with a lazily built surrogate.

The forecaster initialises its variables the first time `predict` is called and caches
them; the first call happens inside the simulator's fori_loop.
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

    def predict(self, weather):
        return self.module.apply(self.variables_for(weather), weather)


class MeltSimulator:
    def __init__(self, forecaster, days=10):
        self.forecaster = forecaster
        self.days = days

    def run(self, forcing, ice_mm):
        def day(t, ice):
            melt = self.forecaster.predict(forcing[t])
            return jnp.maximum(ice - jax.nn.softplus(melt), 0.0)

        return lax.fori_loop(0, self.days, day, ice_mm)


def main():
    # air temperature, shortwave, albedo, wind
    forcing = jax.random.normal(jax.random.key(7), (10, 3, 4))
    sim = MeltSimulator(LazyForecaster(AblationNet()))
    ice = sim.run(forcing, jnp.full((3,), 1200.0))
    tomorrow = sim.forecaster.predict(forcing[0])
    print(ice, tomorrow)
    return None
