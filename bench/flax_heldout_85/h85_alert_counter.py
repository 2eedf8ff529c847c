# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "alerts" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the daemon's detector counts alerts in a "counters" collection; the jax.checkpoint-wrapped fori_loop body applies it without mutable
"""Anomaly-alerting daemon: score a sliding window of metrics and count threshold crossings."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ThresholdDetector(nn.Module):
    threshold: float = 1.5

    @nn.compact
    def __call__(self, window):
        recon = nn.Dense(window.shape[-1])(nn.relu(nn.Dense(4)(window)))
        score = jnp.mean((recon - window) ** 2)
        alerts = self.variable("counters", "alerts", lambda: jnp.zeros((), jnp.int32))
        alerts.value = alerts.value + (score > self.threshold).astype(jnp.int32)
        return score


class AlertSink:
    def __init__(self):
        self.sent = []

    def emit(self, host, score):
        self.sent.append((host, float(score)))


class AlertDaemon:
    def __init__(self, sink, window=6, seed=0):
        self.detector = ThresholdDetector()
        self.variables = self.detector.init(jax.random.PRNGKey(seed), jnp.zeros((window,)))
        self.sink = sink
        self.window = window

    def poll(self, host, series):
        n = series.shape[0] - self.window + 1

        @jax.checkpoint
        def body(i, worst):
            window = lax.dynamic_slice(series, (i,), (self.window,))
            score = self.detector.apply(self.variables, window)
            return jnp.maximum(worst, score)

        worst = lax.fori_loop(0, n, body, jnp.zeros(()))
        self.sink.emit(host, worst)


def main():
    daemon = AlertDaemon(AlertSink())
    series = jax.random.normal(jax.random.PRNGKey(3), (20,))
    daemon.poll("db-01", series)
    return None
