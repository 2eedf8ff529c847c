# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a decorator registry builds hook closures over an nnx.metrics.Average; the scan body calls them each step
"""Orchard pollination monitoring: per-row visit model with registered metric hooks."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import nnx

HOOK_FACTORIES: Dict[str, Callable] = {}


def register_hook(name: str):
    def decorate(factory):
        HOOK_FACTORIES[name] = factory
        return factory
    return decorate


@register_hook("visit_error")
def visit_error_hook(metric: nnx.metrics.Average):
    def hook(predicted, observed):
        metric.update(values=jnp.abs(predicted - observed).mean())
    return hook


class RowVisitModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.bloom = nnx.Linear(4, 6, rngs=rngs)
        self.rate = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, row):
        return nnx.softplus(self.rate(nnx.tanh(self.bloom(row))))[..., 0]


class OrchardMonitor:
    def __init__(self, model: RowVisitModel, hook_names):
        self.model = model
        self.metrics = {name: nnx.metrics.Average() for name in hook_names}
        self.hooks = [HOOK_FACTORIES[name](self.metrics[name]) for name in hook_names]

    def walk_rows(self, rows, observed):
        def row_step(total, inputs):
            row, seen = inputs
            predicted = self.model(row)
            for hook in self.hooks:
                hook(predicted, seen)
            return total + predicted.sum(), None

        total, _ = jax.lax.scan(row_step, jnp.zeros(()), (rows, observed))
        return total, {name: m.compute() for name, m in self.metrics.items()}


def main():
    rows = jax.random.uniform(jax.random.key(8), (14, 5, 4))
    observed = jax.random.poisson(jax.random.key(9), 2.0, (14, 5)).astype(jnp.float32)
    monitor = OrchardMonitor(RowVisitModel(nnx.Rngs(0)), ["visit_error"])
    total, metrics = monitor.walk_rows(rows, observed)
    print(f"expected visits {float(total):.1f}", {k: float(v) for k, v in metrics.items()})
    return None
