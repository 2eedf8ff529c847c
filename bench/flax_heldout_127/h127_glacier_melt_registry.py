# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a decorator registry builds a MeltService whose variables property initialises the model lazily, first reached from the scan body
"""Glacier melt forecasting service: models are registered by name and initialised on first use."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

MODEL_REGISTRY = {}


def register_model(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return deco


@register_model("degree_day")
class DegreeDayMelt(nn.Module):
    @nn.compact
    def __call__(self, weather):
        ddf = self.param("ddf", lambda k: jnp.array(4.5))
        temp_term = nn.relu(weather[..., 0]) * ddf
        return temp_term + nn.Dense(1)(weather)[..., 0]


class MeltService:
    def __init__(self, name, seed=0, sample_shape=(3,)):
        self.model = MODEL_REGISTRY[name]()
        self._seed = seed
        self._sample_shape = sample_shape
        self._variables = None

    @property
    def variables(self):
        if self._variables is None:
            self._variables = self.model.init(jax.random.key(self._seed), jnp.zeros(self._sample_shape))
        return self._variables

    def melt(self, weather):
        return self.model.apply(self.variables, weather)


def seasonal_melt(service, days):
    def day(total, weather):
        return total + service.melt(weather), None

    total, _ = lax.scan(day, jnp.zeros(()), days)
    return total


def main():
    service = MeltService("degree_day")
    days = jax.random.normal(jax.random.key(1), (30, 3)) * 4.0
    seasonal_melt(service, days)
    service.melt(days[-1])
    return None
