# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the NNX model reaches the scan body through an endpoint adapter and retry, timing and result-cache layers built by wrap(); the cache layer memoises the body's output
"""Serving wrappers around a predict method: result cache, latency timing and retry layers.

A price-elasticity model is served through layers assembled by wrap(); the what-if tool
reuses the same wrapped predictor inside a scan over price scenarios.
"""
import time

import jax
import jax.numpy as jnp
from flax import nnx


class Elasticity(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(3, 12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def predict(self, x):
        return self.head(nnx.tanh(self.body(x)))[..., 0]


class Endpoint:
    """Adapts a model's predict(x) to the serving signature predict(request_id, x)."""

    def __init__(self, model):
        self.model = model

    def predict(self, request_id, x):
        return self.model.predict(x)


class Retry:
    def __init__(self, inner, attempts=2):
        self.inner, self.attempts = inner, attempts

    def predict(self, request_id, x):
        for attempt in range(self.attempts):
            try:
                return self.inner.predict(request_id, x)
            except (RuntimeError, TimeoutError):
                if attempt + 1 == self.attempts:
                    raise


class Timing:
    def __init__(self, inner):
        self.inner, self.timings = inner, {}

    def predict(self, request_id, x):
        start = time.perf_counter()
        out = self.inner.predict(request_id, x)
        self.timings[request_id] = time.perf_counter() - start
        return out


class ResultCache:
    def __init__(self, inner, capacity=128):
        self.inner, self.capacity, self._results = inner, capacity, {}

    def predict(self, request_id, x):
        if request_id not in self._results:
            if len(self._results) >= self.capacity:
                self._results.pop(next(iter(self._results)))
            self._results[request_id] = self.inner.predict(request_id, x)
        return self._results[request_id]


def wrap(model, layers=(Retry, Timing, ResultCache)):
    predictor = Endpoint(model)
    for layer in layers:
        predictor = layer(predictor)
    return predictor


def what_if(predictor, base, price_moves):
    def scenario(demand, move):
        uplift = predictor.predict("sku-2231", base * (1.0 + move))
        return demand + uplift, uplift

    return jax.lax.scan(scenario, jnp.zeros(()), price_moves)


def main():
    predictor = wrap(Elasticity(rngs=nnx.Rngs(0)))
    base = jnp.array([9.99, 0.3, 1.0])  # price, promo depth, season index
    total, uplifts = what_if(predictor, base, jnp.linspace(-0.2, 0.2, 9))
    live = predictor.predict("sku-2231", base)
    jax.block_until_ready((total, uplifts, live + 0.0))
    return None
