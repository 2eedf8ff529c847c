# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 VibrationEncoder.__call__ runs the scan over windows itself and calls self.sow("intermediates", "band_energy", ...) inside the scan body
"""Gearbox vibration encoder for wind-turbine condition monitoring, with monitoring callbacks."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

WINDOW = 24
BANDS = 8


class VibrationEncoder(nn.Module):
    bands: int = BANDS

    @nn.compact
    def __call__(self, windows):
        filters = self.param("filters", nn.initializers.lecun_normal(), (WINDOW, self.bands))

        def body(summary, window):
            energy = jnp.sum(jnp.tanh(window @ filters) ** 2)
            self.sow("intermediates", "band_energy", energy)
            return summary + energy, None

        total, _ = jax.lax.scan(body, jnp.zeros(()), windows)
        return total / windows.shape[0]


class Callback:
    def on_batch_end(self, score, intermediates):
        raise NotImplementedError


@dataclasses.dataclass
class PeakEnergyAlarm(Callback):
    threshold: float = 4.0
    alarms: list = dataclasses.field(default_factory=list)

    def on_batch_end(self, score, intermediates):
        energies = jnp.stack(intermediates["band_energy"])
        self.alarms.append(bool(jnp.max(energies) > self.threshold))


@dataclasses.dataclass
class ScoreLogger(Callback):
    history: list = dataclasses.field(default_factory=list)

    def on_batch_end(self, score, intermediates):
        self.history.append(float(score))


class Monitor:
    def __init__(self, model, params, callbacks):
        self.model, self.params, self.callbacks = model, params, callbacks

    def process(self, windows):
        score, state = self.model.apply({"params": self.params}, windows, mutable=["intermediates"])
        for callback in self.callbacks:
            callback.on_batch_end(score, state["intermediates"])
        return score


def main():
    t = jnp.linspace(0.0, 40.0, 6 * WINDOW).reshape(6, WINDOW)
    windows = jnp.sin(t) + 0.3 * jnp.sin(3.1 * t)
    model = VibrationEncoder()
    params = model.init(jax.random.key(0), windows)["params"]
    monitor = Monitor(model, params, [ScoreLogger(), PeakEnergyAlarm()])
    monitor.process(windows)
    return None
