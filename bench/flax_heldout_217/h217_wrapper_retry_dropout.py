# label: same-values
# flax-error: none
# class: 5 functools.partial(model.apply, variables, rngs={'dropout': key}) wrapped in retry, timing and compile-cache layers is called in the scan body
"""Serving wrappers around a predict method: compile cache, latency timing and retry layers.

Monte-Carlo dropout gives an uncertainty band for a demand model; the sampler runs the
wrapped predictor once per sample inside a scan.
"""
import functools
import time

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DemandModel(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)[..., 0]


class RetryingPredictor:
    def __init__(self, fn, attempts=3):
        self.fn, self.attempts = fn, attempts

    def __call__(self, x):
        for attempt in range(self.attempts):
            try:
                return self.fn(x)
            except RuntimeError:
                if attempt == self.attempts - 1:
                    raise


class TimedPredictor:
    def __init__(self, inner):
        self.inner, self.latencies = inner, []

    def __call__(self, x):
        start = time.perf_counter()
        out = self.inner(x)
        self.latencies.append(time.perf_counter() - start)
        return out


class CompileCache:
    """Keeps one jitted callable per input shape."""

    def __init__(self, inner):
        self.inner, self._compiled = inner, {}

    def __call__(self, x):
        key = (x.shape, str(x.dtype))
        if key not in self._compiled:
            self._compiled[key] = jax.jit(self.inner)
        return self._compiled[key](x)


def build_predictor(model, variables, key):
    predict = functools.partial(model.apply, variables, train=True, rngs={"dropout": key})
    return TimedPredictor(CompileCache(RetryingPredictor(predict)))


def mc_samples(predictor, x, n):
    def draw(carry, _):
        return carry, predictor(x)

    _, ys = lax.scan(draw, None, None, length=n)
    return ys


def main():
    x = jax.random.normal(jax.random.key(1), (4, 6))
    model = DemandModel()
    variables = model.init(jax.random.key(0), x)
    predictor = build_predictor(model, variables, jax.random.key(42))
    return mc_samples(predictor, x, n=8)
