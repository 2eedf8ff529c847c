# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an observer notified from the scan body updates evaluator.state.metrics, an nnx.MultiMetric held in a dataclass EvalState
"""Tram depot energy: evaluate a charging-demand model over the night's depot snapshots and
report loss/error metrics through observers."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class ChargeDemand(nnx.Module):
    def __init__(self, trams: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(trams * 2, 32, rngs=rngs)
        self.head = nnx.Linear(32, trams, rngs=rngs)

    def __call__(self, snapshot):
        return nnx.softplus(self.head(nnx.relu(self.body(snapshot))))


@dataclasses.dataclass
class EvalState:
    model: ChargeDemand
    metrics: nnx.MultiMetric


class MetricsObserver:
    def __init__(self, state: EvalState):
        self.state = state

    def notify(self, loss, abs_error):
        self.state.metrics.update(loss=loss, mae=abs_error)


class DepotEvaluator:
    def __init__(self, state: EvalState, observers=()):
        self.state = state
        self.observers = list(observers)

    def evaluate(self, snapshots, targets):
        def batch(carry, xy):
            x, y = xy
            pred = self.state.model(x)
            loss = jnp.mean((pred - y) ** 2)
            for observer in self.observers:
                observer.notify(loss, jnp.abs(pred - y).mean())
            return carry + 1, loss

        jax.lax.scan(batch, 0, (snapshots, targets))
        return self.state.metrics.compute()


def main():
    trams = 6
    snapshots = jax.random.uniform(jax.random.key(0), (9, trams * 2))
    targets = jax.random.uniform(jax.random.key(1), (9, trams), maxval=80.0)
    metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), mae=nnx.metrics.Average("mae"))
    state = EvalState(ChargeDemand(trams, rngs=nnx.Rngs(0)), metrics)
    evaluator = DepotEvaluator(state, [MetricsObserver(state)])
    print(evaluator.evaluate(snapshots, targets))
    return None
