# label: ok
# flax-error: none
# class: 3 the scan body returns per-window losses as ys and evaluator.metrics (an nnx.MultiMetric) is updated after the loop
"""Seismograph network: evaluate a P-wave arrival picker over a day of windows.

The evaluator keeps nnx metrics so the same object can be reported to the network dashboard.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ArrivalPicker(nnx.Module):
    def __init__(self, samples: int, rngs: nnx.Rngs):
        self.band = nnx.Linear(samples, 24, rngs=rngs)
        self.head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, window):
        return self.head(nnx.tanh(self.band(window))).squeeze(-1)


class PickEvaluator:
    def __init__(self, model: ArrivalPicker):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            error=nnx.metrics.Average("error"),
        )

    def evaluate(self, windows, arrivals):
        def body(count, batch):
            window, arrival = batch
            pred = self.model(window)
            loss = jnp.mean((pred - arrival) ** 2)
            return count + 1, (loss, jnp.mean(jnp.abs(pred - arrival)))

        _, (losses, errors) = jax.lax.scan(body, 0, (windows, arrivals))
        self.metrics.update(loss=losses, error=errors)
        return self.metrics.compute()


def main():
    picker = ArrivalPicker(32, nnx.Rngs(0))
    evaluator = PickEvaluator(picker)
    windows = jax.random.normal(jax.random.key(1), (6, 4, 32))
    arrivals = jax.random.uniform(jax.random.key(2), (6, 4))
    report = evaluator.evaluate(windows, arrivals)
    print({name: float(value) for name, value in report.items()})
    return None
