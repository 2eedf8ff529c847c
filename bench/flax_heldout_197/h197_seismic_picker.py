# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a model.bind(..., mutable=["picks"]) kept by a StationAdapter inside a StationService reaches the scan body as service -> adapter -> bound module
"""Seismic phase-picking service.

Every station gets an adapter that keeps a bound picker; the service streams waveform windows
through it and archives the running pick statistics of each station afterwards.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class PickerConfig:
    channels: int = 3
    hidden: int = 8
    threshold: float = 0.5
    decay: float = 0.9


class PhasePicker(nn.Module):
    cfg: PickerConfig

    @nn.compact
    def __call__(self, window):
        energy = self.variable("picks", "energy", lambda: jnp.zeros((self.cfg.channels,)))
        count = self.variable("picks", "count", lambda: jnp.zeros((), jnp.int32))
        h = nn.tanh(nn.Dense(self.cfg.hidden)(window))
        score = nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)
        if not self.is_initializing():
            energy.value = self.cfg.decay * energy.value + (1 - self.cfg.decay) * jnp.mean(window**2, axis=0)
            count.value = count.value + jnp.sum(score > self.cfg.threshold).astype(jnp.int32)
        return score


class StationAdapter:
    """Holds the picker bound to one station's variables, pick statistics mutable."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["picks"])

    def stream(self, windows):
        def step(peak, window):
            scores = self.bound(window)
            return jnp.maximum(peak, scores.max()), scores

        return jax.lax.scan(step, jnp.zeros(()), windows)

    def pick_state(self):
        return self.bound.variables["picks"]


class StationService:
    def __init__(self):
        self.adapters = {}
        self.archive = {}

    def register(self, station, adapter):
        self.adapters[station] = adapter

    def process(self, station, windows):
        adapter = self.adapters[station]
        peak, _ = adapter.stream(windows)
        self.archive[station] = jax.tree.map(jnp.copy, adapter.pick_state())
        return peak


def main():
    cfg = PickerConfig()
    model = PhasePicker(cfg)
    windows = jax.random.normal(jax.random.key(0), (6, 16, cfg.channels))
    variables = model.init(jax.random.key(1), windows[0])
    service = StationService()
    service.register("IU.ANMO", StationAdapter(model, variables))
    service.process("IU.ANMO", windows)
    return None
