# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an nnx.Module (BatchNorm left in train mode) held by ThermalMonitor, reached as Crew.monitor.predict -> monitor.net in the scan body
"""Envelope-temperature rehearsal for a hot-air balloon operator (NNX port).

The crew replays a planned flight leg by leg through the thermal network that
was fine-tuned on this morning's burner logs.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class EnvelopeNet(nnx.Module):
    def __init__(self, n_sensors: int, hidden: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_sensors, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(hidden, n_sensors, rngs=rngs)

    def __call__(self, readings):
        return self.out(jnp.tanh(self.norm(self.proj(readings))))


class ThermalMonitor:
    def __init__(self, net: EnvelopeNet):
        self.net = net

    def predict(self, readings):
        return self.net(readings)


class Crew:
    def __init__(self, monitor: ThermalMonitor, blend: float = 0.5):
        self.monitor = monitor
        self.blend = blend

    def rehearse(self, readings, legs: int):
        def leg(state, _):
            nxt = self.monitor.predict(state)
            return self.blend * state + (1.0 - self.blend) * nxt, jnp.mean(nxt)

        return jax.lax.scan(leg, readings, None, length=legs)


def fine_tune_stub(net: EnvelopeNet, logs):
    net.train()
    net(logs)  # one pass to refresh the running statistics


def main():
    net = EnvelopeNet(4, 8, rngs=nnx.Rngs(0))
    readings = jnp.linspace(0.0, 1.0, 6 * 4).reshape(6, 4)
    fine_tune_stub(net, readings)
    crew = Crew(ThermalMonitor(net))
    crew.rehearse(readings, legs=5)
    return None
