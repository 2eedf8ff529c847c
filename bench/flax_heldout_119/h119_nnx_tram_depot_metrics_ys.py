# label: ok
# flax-error: none
# class: 4 the scan body reads evaluator.state.model and returns per-batch losses as ys; observers update state.metrics (an nnx.MultiMetric in a dataclass EvalState) after the loop
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
            return carry + 1, (loss, jnp.abs(pred - y).mean())

        _, (losses, abs_errors) = jax.lax.scan(batch, 0, (snapshots, targets))
        for observer in self.observers:
            observer.notify(losses, abs_errors)
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
