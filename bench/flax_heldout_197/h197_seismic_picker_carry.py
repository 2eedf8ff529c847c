# label: ok
# flax-error: none
# class: 4 the params and the "picks" collection kept by a StationAdapter inside a StationService enter the scan as carry and go back through model.apply(..., mutable=["picks"])
"""Seismic phase-picking service.

Every station gets an adapter that keeps the picker's variables; the service streams waveform
windows through it and archives the running pick statistics of each station afterwards.
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
    """Holds one station's params and pick statistics; statistics travel through the carry."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.picks = variables["picks"]

    def stream(self, windows):
        def step(carry, window):
            peak, picks = carry
            scores, updated = self.model.apply(
                {"params": self.params, "picks": picks}, window, mutable=["picks"])
            return (jnp.maximum(peak, scores.max()), updated["picks"]), scores

        (peak, self.picks), scores = jax.lax.scan(step, (jnp.zeros(()), self.picks), windows)
        return peak, scores

    def pick_state(self):
        return self.picks


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
