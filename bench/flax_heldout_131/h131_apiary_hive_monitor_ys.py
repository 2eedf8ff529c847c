# label: ok
# flax-error: none
# class: 1 HiveMonitor.__call__ runs the scan itself; the body returns hidden states as ys and the 'diagnostics' variable is assigned after the scan
"""Apiary telemetry: a recurrent monitor summarising hive sensor readings (temperature, weight, hum)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class HiveMonitor(nn.Module):
    features: int = 12

    def setup(self):
        self.encoder = nn.Dense(self.features)
        self.recur = nn.Dense(self.features, use_bias=False)
        self.activity = self.variable("diagnostics", "activity", jnp.zeros, (self.features,))

    def __call__(self, readings):
        h0 = jnp.tanh(self.encoder(readings[0]) + self.recur(jnp.zeros((self.features,))))

        def body(h, reading):
            h = jnp.tanh(self.encoder(reading) + self.recur(h))
            return h, (h, h.sum())

        _, (hidden, colony_score) = scan(body, h0, readings[1:])
        self.activity.value = hidden[-1]  # last hidden state, exported to the dashboard
        return colony_score


def export_dashboard(diagnostics):
    return jnp.linalg.norm(diagnostics["activity"])


def main():
    monitor = HiveMonitor()
    readings = jax.random.normal(jax.random.key(7), (10, 3))
    variables = monitor.init(jax.random.key(0), readings)
    scores, state = monitor.apply(variables, readings, mutable=["diagnostics"])
    level = export_dashboard(state["diagnostics"])
    jax.block_until_ready((scores, level))
    return None
