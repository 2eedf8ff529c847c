# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 MeltService.simulate's while_loop body calls self.registry.get('melt').predict, whose LazyModel initialises and caches its variables on first use inside the loop
"""Glacier melt-season simulator.

A model registry hands out lazily initialised models (degree-day melt, albedo feedback) to the
service. The service steps the snowpack day by day until it is gone, then reports the melt rate
at the end of the season for the hydropower operator downstream.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DegreeDayMelt(nn.Module):
    @nn.compact
    def __call__(self, weather):
        ddf = self.param("degree_day_factor", nn.initializers.constant(4.5), ())
        albedo = nn.sigmoid(nn.Dense(1)(weather))[..., 0]
        positive_temp = jnp.maximum(weather[..., 0], 0.0)
        return ddf * positive_temp * (1.0 - 0.5 * albedo)  # mm w.e. per day


class LazyModel:
    def __init__(self, module: nn.Module, sample_shape, seed: int):
        self.module = module
        self.sample_shape = sample_shape
        self.seed = seed
        self._variables = None

    def predict(self, x):
        if self._variables is None:
            self._variables = self.module.init(jax.random.key(self.seed), x)
        return self.module.apply(self._variables, x)


class ModelRegistry:
    def __init__(self):
        self._models = {}

    def register(self, name, lazy: LazyModel):
        self._models[name] = lazy

    def get(self, name) -> LazyModel:
        return self._models[name]


class MeltService:
    def __init__(self, registry: ModelRegistry):
        self.registry = registry

    def simulate(self, snow_depth_mm, weather_by_day):
        n_days = weather_by_day.shape[0]

        def cond(carry):
            day, depth = carry
            return jnp.logical_and(day < n_days, depth > 0.0)

        def body(carry):
            day, depth = carry
            melt = self.registry.get("melt").predict(weather_by_day[day])
            return day + 1, depth - melt

        return jax.lax.while_loop(cond, body, (0, jnp.asarray(snow_depth_mm)))

    def end_of_season_rate(self, weather):
        return self.registry.get("melt").predict(weather)


def main():
    registry = ModelRegistry()
    registry.register("melt", LazyModel(DegreeDayMelt(), (3,), seed=0))
    service = MeltService(registry)
    weather = jnp.stack(
        [jnp.array([2.0 + 0.3 * d, 0.6, 180.0 + d]) for d in range(40)]
    )  # temperature, cloud cover, shortwave
    day, depth = service.simulate(250.0, weather)
    print("snow gone on day", day, "melt rate", service.end_of_season_rate(weather[-1]))
    return None
