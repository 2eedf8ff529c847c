# label: ok
# flax-error: none
# class: 1 AnomalyMonitor.scan_windows runs the scan itself; its AlertCount variable (an nnx.Variable subclass) goes in and out through the scan carry
"""Monitoring job: an anomaly monitor scores each window of service metrics and keeps a running
count of alerts in a dedicated Variable type that the dashboard exports."""

import jax
import jax.numpy as jnp
from flax import nnx


class AlertCount(nnx.Variable):
    pass


class AnomalyMonitor(nnx.Module):
    def __init__(self, features, threshold, rngs: nnx.Rngs):
        self.scorer = nnx.Linear(features, 1, rngs=rngs)
        self.threshold = threshold
        self.alerts = AlertCount(jnp.zeros((), jnp.int32))

    def score(self, window):
        return jax.nn.sigmoid(self.scorer(window).mean())

    def scan_windows(self, windows):
        def body(alerts, window):
            score = self.score(window)
            fired = (score > self.threshold).astype(jnp.int32)
            return alerts + fired, score

        alerts, scores = jax.lax.scan(body, self.alerts[...], windows)
        self.alerts[...] = alerts
        return scores


def export_dashboard(monitor):
    return {"alerts": int(monitor.alerts[...])}


def main():
    monitor = AnomalyMonitor(features=3, threshold=0.5, rngs=nnx.Rngs(4))
    windows = jax.random.normal(jax.random.key(6), (8, 20, 3)) + jnp.linspace(0, 2, 8)[:, None, None]
    monitor.scan_windows(windows)
    export_dashboard(monitor)
    return None
