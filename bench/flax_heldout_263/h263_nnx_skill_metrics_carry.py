# label: ok
# flax-error: none
# class: 4 the squared error and count are threaded through the scan carry; evaluator.tracker.metrics is updated once after the loop
"""Nowcasting verification: root-mean-square error of a temperature nowcaster over held-out station batches."""
from __future__ import annotations

import abc

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MetricState(nnx.Variable):
    pass


class SkillMetrics(nnx.Module):
    def __init__(self):
        self.sq_err = MetricState(jnp.zeros(()))
        self.count = MetricState(jnp.zeros((), jnp.int32))

    def reset(self):
        self.sq_err[...] = jnp.zeros(())
        self.count[...] = jnp.zeros((), jnp.int32)

    def update(self, sq_err, count):
        self.sq_err[...] += sq_err
        self.count[...] += count

    def rmse(self):
        return jnp.sqrt(self.sq_err[...] / jnp.maximum(self.count[...], 1))


class MetricTracker:
    def __init__(self):
        self.metrics = SkillMetrics()


class StationNowcaster(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(features, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.silu(self.inp(x))).squeeze(-1)


class BaseEvaluator(abc.ABC):
    """evaluate() is the template: reset, sweep the batches, report."""

    def __init__(self, model: nnx.Module):
        self.model = model
        self.tracker = MetricTracker()

    def evaluate(self, inputs, targets):
        self.tracker.metrics.reset()
        self.sweep(inputs, targets)
        return self.report()

    @abc.abstractmethod
    def sweep(self, inputs, targets): ...

    def report(self):
        return self.tracker.metrics.rmse()


class NowcastEvaluator(BaseEvaluator):
    def sweep(self, inputs, targets):
        def body(carry, batch):
            sq_err, count = carry
            x, y = batch
            err = jnp.sum((self.model(x) - y) ** 2)
            return (sq_err + err, count + x.shape[0]), None

        start = (jnp.zeros(()), jnp.zeros((), jnp.int32))
        (sq_err, count), _ = lax.scan(body, start, (inputs, targets))
        self.tracker.metrics.update(sq_err, count)


def main():
    model = StationNowcaster(features=3, hidden=8, rngs=nnx.Rngs(0))
    k1, k2 = jax.random.split(jax.random.key(2))
    inputs = jax.random.normal(k1, (4, 5, 3))
    targets = jax.random.normal(k2, (4, 5))
    rmse = NowcastEvaluator(model).evaluate(inputs, targets)
    jax.block_until_ready(rmse)
    return None
