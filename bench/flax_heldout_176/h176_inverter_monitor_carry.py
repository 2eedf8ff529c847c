# label: ok
# flax-error: none
# class: 4 the unit-of-work session on the monitor keeps the encoder variables; the scan body applies self.session.module and threads batch_stats through the carry
"""Solar farm inverter monitor.

A TelemetrySession is a small unit of work: it keeps the encoder variables, lets the monitor
refresh the running statistics over a batch of telemetry windows, and commits them.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class MonitorConfig:
    window: int = 16
    channels: int = 6
    features: int = 8
    windows_per_refresh: int = 5


class InverterEncoder(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features, name="proj")(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(x)
        return nn.relu(x)


class TelemetrySession:
    """Unit of work around one set of encoder variables."""

    def __init__(self, module, variables):
        self.module = module
        self.params = variables["params"]
        self.committed = variables["batch_stats"]

    def commit(self, refreshed):
        drift = jax.tree.map(lambda new, old: jnp.max(jnp.abs(new - old)), refreshed, self.committed)
        self.committed = refreshed
        return drift


class InverterMonitor:
    def __init__(self, session, config):
        self.session = session
        self.config = config

    def refresh(self, windows):
        def body(carry, window):
            alarm, stats = carry
            features, updates = self.session.module.apply(
                {"params": self.session.params, "batch_stats": stats},
                window, train=True, mutable=["batch_stats"])
            score = jnp.mean(jnp.abs(features))
            return (alarm + score, updates["batch_stats"]), score

        (total, stats), scores = lax.scan(
            body, (jnp.zeros(()), self.session.committed), windows)
        return total, stats


def main():
    config = MonitorConfig()
    encoder = InverterEncoder(config.features)
    windows = jax.random.normal(
        jax.random.key(0), (config.windows_per_refresh, config.window, config.channels))
    variables = encoder.init(jax.random.key(1), windows[0], train=False)

    monitor = InverterMonitor(TelemetrySession(encoder, variables), config)
    _, stats = monitor.refresh(windows)
    drift = monitor.session.commit(stats)
    jax.block_until_ready(drift)
    return None
