# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a decorator registry of model factories; ModelCache.get() builds and caches the model on first use, which happens inside the scan body
"""Glacier melt forecasting (NNX): models for each basin are registered by name.

Factories are registered with @register_model and built lazily by a process-wide cache, so
a service only pays for the basins it serves.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

MODEL_FACTORIES = {}


def register_model(name):
    def decorator(factory):
        MODEL_FACTORIES[name] = factory
        return factory

    return decorator


class MeltRegressor(nnx.Module):
    def __init__(self, n_inputs: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_inputs, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.tanh(self.hidden(x))))[..., 0]


@register_model("aletsch")
def build_aletsch():
    return MeltRegressor(4, nnx.Rngs(0))


@register_model("vatnajokull")
def build_vatnajokull():
    return MeltRegressor(4, nnx.Rngs(1))


class ModelCache:
    def __init__(self):
        self._models = {}

    def get(self, name):
        if name not in self._models:
            self._models[name] = MODEL_FACTORIES[name]()
        return self._models[name]


def seasonal_melt(cache: ModelCache, basin: str, daily_weather):
    def day(total, weather):
        melt = cache.get(basin)(weather)
        return total + melt, melt

    return jax.lax.scan(day, jnp.zeros(()), daily_weather)


def main():
    cache = ModelCache()
    weather = jax.random.normal(jax.random.key(2), (30, 4))
    seasonal_melt(cache, "aletsch", weather)
    cache.get("aletsch")(weather[0])
    return None
