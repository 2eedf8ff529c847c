# label: ok
# flax-error: none
# class: 4 nnx.MultiMetric held by MetricsCallback in PeakHourEvaluator.callbacks, updated through on_step after the scan from its ys
"""Peak-hour airflow evaluation for a subway ventilation network.

The evaluator replays a rush hour of vent readings through the airflow model and reports
through a list of callbacks, one of which keeps nnx metrics for the control dashboard."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class AirflowNet(nnx.Module):
    def __init__(self, vents: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(vents, 24, rngs=rngs)
        self.flow = nnx.Linear(24, vents, rngs=rngs)

    def __call__(self, readings):
        return self.flow(nnx.tanh(self.hidden(readings)))


class MetricsCallback:
    name = "airflow"

    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"), error=nnx.metrics.Average("error")
        )

    def on_step(self, loss, error):
        self.metrics.update(loss=loss, error=error)


class PeakHourEvaluator:
    def __init__(self, model: AirflowNet, callbacks):
        self.model = model
        self.callbacks = list(callbacks)

    def evaluate(self, readings, targets):
        def body(carry, batch):
            x, y = batch
            pred = self.model(x)
            loss = jnp.mean((pred - y) ** 2)
            error = jnp.mean(jnp.abs(pred - y))
            return carry, (loss, error)

        _, (losses, errors) = lax.scan(body, None, (readings, targets))
        for callback in self.callbacks:
            callback.on_step(losses, errors)
        return {cb.name: cb.metrics.compute() for cb in self.callbacks}


def main():
    model = AirflowNet(6, nnx.Rngs(0))
    readings = jax.random.normal(jax.random.key(3), (8, 4, 6))
    targets = 0.5 * readings
    evaluator = PeakHourEvaluator(model, [MetricsCallback()])
    jax.block_until_ready(evaluator.evaluate(readings, targets))
    return None
