# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a QueueAdapter keeps the params and the "cache" collection as attributes; the scan body applies with mutable=["cache"] and assigns the returned cache to self.cache
"""Ski-lift queue forecaster: consumes the turnstile counts of the morning minute by minute and
keeps a recurrent summary in a "cache" collection, then forecasts the next minute's queue."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class QueueForecaster(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, count):
        summary = self.variable("cache", "summary", jnp.zeros, (self.hidden,))
        h = nn.tanh(nn.Dense(self.hidden, name="inp")(count[None]) + nn.Dense(self.hidden, name="rec")(summary.value))
        summary.value = h
        return nn.Dense(1, name="out")(h)[0]


class QueueAdapter:
    """Adapts the forecaster to the lift-control service: one call per turnstile reading."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.cache = variables["cache"]

    def observe(self, count):
        pred, mutated = self.model.apply(
            {"params": self.params, "cache": self.cache}, count, mutable=["cache"])
        self.cache = mutated["cache"]
        return pred

    def replay(self, counts):
        def minute(total, count):
            pred = self.observe(count)
            return total + pred, pred

        return lax.scan(minute, jnp.zeros(()), counts)

    def forecast_next(self):
        return self.model.apply({"params": self.params, "cache": self.cache}, jnp.zeros(()),
                                mutable=["cache"])[0]


def main():
    counts = jnp.array([12.0, 15.0, 22.0, 30.0, 28.0, 26.0, 31.0, 35.0])
    model = QueueForecaster()
    variables = model.init(jax.random.key(0), counts[0])
    adapter = QueueAdapter(model, variables)
    adapter.replay(counts)
    print("next minute", float(adapter.forecast_next()))
    return None
