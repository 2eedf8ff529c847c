# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TensionNormalizer.__call__ owns the 'sensor_stats' EMA and runs jax.lax.scan over the windows, writing the EMA inside the body
"""Warp-tension normalisation for the weaving-shed monitor.

Each loom reports a window of warp-tension frames per shift; the normaliser keeps a running
mean per warp so that the downstream break detector sees tension relative to the loom's own
baseline.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class LoomConfig:
    n_warps: int = 6
    frames_per_window: int = 3
    windows_per_shift: int = 5
    momentum: float = 0.9
    shifts: int = 2


class TensionNormalizer(nn.Module):
    n_warps: int
    momentum: float = 0.9

    @nn.compact
    def __call__(self, windows):
        ema = self.variable("sensor_stats", "ema", lambda: jnp.ones((self.n_warps,)))
        scale = self.param("scale", nn.initializers.ones, (self.n_warps,))
        bias = self.param("bias", nn.initializers.zeros, (self.n_warps,))

        def body(seen, frame):
            if not self.is_initializing():
                ema.value = self.momentum * ema.value + (1.0 - self.momentum) * frame.mean(axis=0)
            normalised = frame / ema.value * scale + bias
            return seen + 1, normalised

        _, out = jax.lax.scan(body, 0, windows)
        return out


class ShiftFeed:
    """Deterministic stand-in for the shed's tension telemetry."""

    def __init__(self, cfg: LoomConfig):
        self.cfg = cfg
        self._profile = jnp.linspace(0.8, 1.2, cfg.n_warps)

    def windows(self, shift: int):
        shape = (self.cfg.windows_per_shift, self.cfg.frames_per_window, 1)
        return jnp.ones(shape) * self._profile * (1.0 + 0.02 * shift)


class LoomMonitorService:
    def __init__(self, cfg: LoomConfig, seed: int = 0):
        self.cfg = cfg
        self.feed = ShiftFeed(cfg)
        self.model = TensionNormalizer(cfg.n_warps, cfg.momentum)
        self._seed = seed
        self.variables = None
        self.reports = []

    def start(self):
        self.variables = self.model.init(jax.random.key(self._seed), self.feed.windows(0))

    def run_shift(self, shift: int):
        normalised, updates = self.model.apply(
            self.variables, self.feed.windows(shift), mutable=["sensor_stats"]
        )
        self.variables = {**self.variables, **updates}
        self.reports.append(normalised.max(axis=(1, 2)))
        return normalised


def main():
    service = LoomMonitorService(LoomConfig())
    service.start()
    for shift in range(service.cfg.shifts):
        service.run_shift(shift)
    jax.block_until_ready((service.reports, service.variables["sensor_stats"]))
    return None
