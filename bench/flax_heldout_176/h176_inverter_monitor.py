# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a BatchNorm encoder bound with mutable batch_stats is held by a unit-of-work session on the monitor; the scan body calls self.session.model
"""Solar farm inverter monitor.

A TelemetrySession is a small unit of work: it binds the encoder variables once, lets the
monitor refresh the running statistics over a batch of telemetry windows, and commits them.
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
        self.params = variables["params"]
        self.committed = variables["batch_stats"]
        self.model = module.bind(variables, mutable=["batch_stats"])

    def commit(self):
        refreshed = self.model.variables["batch_stats"]
        drift = jax.tree.map(lambda new, old: jnp.max(jnp.abs(new - old)), refreshed, self.committed)
        self.committed = refreshed
        return drift


class InverterMonitor:
    def __init__(self, session, config):
        self.session = session
        self.config = config

    def refresh(self, windows):
        def body(alarm, window):
            features = self.session.model(window, train=True)
            score = jnp.mean(jnp.abs(features))
            return alarm + score, score

        total, scores = lax.scan(body, jnp.zeros(()), windows)
        return total, scores


def main():
    config = MonitorConfig()
    encoder = InverterEncoder(config.features)
    windows = jax.random.normal(
        jax.random.key(0), (config.windows_per_refresh, config.window, config.channels))
    variables = encoder.init(jax.random.key(1), windows[0], train=False)

    monitor = InverterMonitor(TelemetrySession(encoder, variables), config)
    monitor.refresh(windows)
    drift = monitor.session.commit()
    jax.block_until_ready(drift)
    return None
