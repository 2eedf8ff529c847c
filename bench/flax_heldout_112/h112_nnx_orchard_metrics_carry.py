# label: ok
# flax-error: none
# class: 3 the evaluator splits self.metrics (an nnx.MultiMetric); its state rides in the while_loop carry, is merged and updated in each step, and is written back with nnx.update after the loop
"""Orchard frost warning: evaluates the overnight frost model on a night of sensor windows.

The evaluator keeps nnx.metrics for the nightly report; the windows are walked with a
while_loop so that evaluation stops early once the sun is up."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class FrostModel(nnx.Module):
    def __init__(self, n_sensors, *, rngs):
        self.mix = nnx.Linear(n_sensors * 3, 16, rngs=rngs)
        self.head = nnx.Linear(16, n_sensors, rngs=rngs)

    def __call__(self, window):
        return self.head(nnx.relu(self.mix(window.reshape(-1))))  # leaf temperature in 30 min


class FrostEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            missed=nnx.metrics.Average("missed"),
        )

    def evaluate_night(self, windows, targets, sunrise_index):
        metrics_def, metrics_state = nnx.split(self.metrics)

        def before_sunrise(carry):
            i, _ = carry
            return i < sunrise_index

        def one_window(carry):
            i, state = carry
            metrics = nnx.merge(metrics_def, state)
            pred = self.model(windows[i])
            err = jnp.abs(pred - targets[i]).mean()
            missed = jnp.mean((targets[i] < 0.0) & (pred >= 0.0))
            metrics.update(mae=err, missed=missed)
            return (i + 1, nnx.state(metrics))

        _, metrics_state = lax.while_loop(before_sunrise, one_window, (jnp.int32(0), metrics_state))
        nnx.update(self.metrics, metrics_state)
        return self.metrics.compute()


def main():
    n_windows, n_sensors = 18, 5
    k_w, k_t = jax.random.split(jax.random.key(0))
    windows = jax.random.normal(k_w, (n_windows, n_sensors, 3))  # air temp, humidity, wind
    targets = jax.random.normal(k_t, (n_windows, n_sensors))
    evaluator = FrostEvaluator(FrostModel(n_sensors, rngs=nnx.Rngs(0)))
    report = evaluator.evaluate_night(windows, targets, sunrise_index=12)
    float(report["mae"])
    return None
