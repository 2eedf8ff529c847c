# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the network's scan body calls its submodule attribute self.station, which sows wave heights into 'telemetry' inside the body
"""Ocean buoy network: a recurrent station cell reads each buoy's hourly sensor vector; the
sown wave-height telemetry is handed to a list of monitoring hooks after every sweep."""
import dataclasses
from typing import Protocol

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class StationCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, reading):
        h = nn.tanh(nn.Dense(self.hidden, name="mix")(jnp.concatenate([h, reading])))
        wave_height = nn.softplus(nn.Dense(1, name="wave")(h))[0]
        self.sow("telemetry", "wave_height", wave_height)
        return h


class BuoyNetwork(nn.Module):
    hidden: int = 8

    def setup(self):
        self.station = StationCell(self.hidden)

    def __call__(self, readings):
        h0 = jnp.zeros((self.hidden,))

        def hour(h, reading):
            return self.station(h, reading), None

        h, _ = lax.scan(hour, h0, readings)
        return h


class TelemetryHook(Protocol):
    def on_sweep(self, telemetry: dict) -> None: ...


@dataclasses.dataclass
class StormAlertHook:
    threshold: float = 3.0
    alerts: list = dataclasses.field(default_factory=list)

    def on_sweep(self, telemetry):
        heights = jnp.concatenate([jnp.ravel(h) for h in jax.tree.leaves(telemetry)])
        self.alerts.append(float(jnp.max(heights)) > self.threshold)


class BuoyMonitor:
    def __init__(self, network: BuoyNetwork, params, hooks):
        self.network, self.params, self.hooks = network, params, list(hooks)

    def sweep(self, readings):
        h, state = self.network.apply({"params": self.params}, readings, mutable=["telemetry"])
        for hook in self.hooks:
            hook.on_sweep(state["telemetry"])
        return h


def main():
    network = BuoyNetwork()
    readings = jax.random.normal(jax.random.key(2), (12, 5))
    params = network.init(jax.random.key(0), jnp.zeros((8,)), readings[0],
                          method=lambda m, h, r: m.station(h, r))["params"]
    monitor = BuoyMonitor(network, params, [StormAlertHook()])
    monitor.sweep(readings)
    return None
