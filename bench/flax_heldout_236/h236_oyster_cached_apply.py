# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a caching class decorator memoizes the scorer's bed_statistics, called with the mutated batch_stats inside the scan body
"""Oyster bed grading: a BatchNorm scorer calibrated per bed on each tide's water samples."""
from __future__ import annotations

import functools

import jax
import jax.lax as jlax
import jax.numpy as jnp
from flax import linen as nn


def cache_results(*names):
    def decorate(cls):
        for name in names:
            method = getattr(cls, name)

            @functools.wraps(method)
            def cached(self, key, *args, _method=method, **kwargs):
                store = self.__dict__.setdefault("_result_cache", {})
                slot = (_method.__name__, key)
                if slot not in store:
                    store[slot] = _method(self, key, *args, **kwargs)
                return store[slot]

            setattr(cls, name, cached)
        cls.remember = lambda self, key, value, _n=names[0]: self.__dict__.setdefault(
            "_result_cache", {}
        ).__setitem__((_n, key), value)
        return cls

    return decorate


class ShellGrader(nn.Module):
    grades: int = 3

    @nn.compact
    def __call__(self, samples, train: bool = False):
        h = nn.Dense(6)(samples)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.softmax(nn.Dense(self.grades)(nn.gelu(h)))


@cache_results("bed_statistics")
class BedScorer:
    def __init__(self, model: ShellGrader, variables):
        self.model = model
        self.params = variables["params"]
        self.base_stats = variables["batch_stats"]

    def measure(self, samples):
        _, updates = self.model.apply(
            {"params": self.params, "batch_stats": self.base_stats}, samples, train=True, mutable=["batch_stats"]
        )
        return updates["batch_stats"]

    def bed_statistics(self, bed, samples):
        return self.measure(samples)

    def grade(self, stats, samples):
        return self.model.apply({"params": self.params, "batch_stats": stats}, samples)

    def report(self, bed, samples):
        return self.grade(self.bed_statistics(bed, samples), samples)


def tide_samples(tides: int, seed: int = 3):
    base = jnp.array([0.28, 0.31, 0.9, 14.0])
    return base * (1.0 + 0.1 * jax.random.normal(jax.random.key(seed), (tides, 5, 4)))


def main():
    model = ShellGrader()
    tides = tide_samples(4)
    variables = model.init(jax.random.key(0), tides[0])
    scorer = BedScorer(model, variables)

    def tide(carry, samples):
        stats = scorer.bed_statistics("north", samples)
        return carry, scorer.grade(stats, samples)

    _, grades = jlax.scan(tide, None, tides)
    final = scorer.report("north", tides[-1])
    jax.block_until_ready((grades, final))
