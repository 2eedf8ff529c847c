# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the TimetablePlanner asks its ModelHub inside the jax.lax.scan body; the hub runs the registered builder there and caches the (model, variables) tuple in its dict
"""Ferry timetabling: predicts the crossing time of each sailing of the day from wind, tide and
load, with models built by registered builders and cached by a model hub."""

import jax
import jax.numpy as jnp
from flax import linen as nn

BUILDERS = {}


def register(name):
    def decorator(builder):
        BUILDERS[name] = builder
        return builder
    return decorator


class CrossingTimeNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, feats):
        h = nn.tanh(nn.Dense(self.hidden)(feats))
        return 30.0 + 5.0 * nn.Dense(1)(h).squeeze(-1)


@register("crossing_time")
def build_crossing_time(sample, seed: int = 0):
    model = CrossingTimeNet()
    return model, model.init(jax.random.key(seed), sample)


class ModelHub:
    def __init__(self):
        self._cache = {}

    def get(self, name, sample):
        if name not in self._cache:
            self._cache[name] = BUILDERS[name](sample)
        return self._cache[name]


class TimetablePlanner:
    def __init__(self, hub: ModelHub):
        self.hub = hub

    def predict_day(self, sailings):
        def sailing(delay, feats):
            model, variables = self.hub.get("crossing_time", feats)
            minutes = model.apply(variables, feats)
            return delay + jnp.maximum(minutes - 30.0, 0.0), minutes

        return jax.lax.scan(sailing, 0.0, sailings)

    def quote(self, feats):
        model, variables = self.hub.get("crossing_time", feats)
        return model.apply(variables, feats)


def main():
    planner = TimetablePlanner(ModelHub())
    sailings = jax.random.normal(jax.random.key(5), (8, 3))
    delay, minutes = planner.predict_day(sailings)
    extra = planner.quote(jnp.array([0.2, -0.1, 0.4]))
    print(float(delay), minutes.shape, float(extra))
    return None
