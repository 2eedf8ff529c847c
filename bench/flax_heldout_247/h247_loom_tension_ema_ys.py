# label: ok
# flax-error: none
# class: 1 TensionNormalizer.__call__ owns the 'sensor_stats' EMA and runs jax.lax.scan; the per-window means leave as ys and the EMA is written after the scan
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


def _fold_ema(ema, window_means, momentum):
    """Applies the per-window updates in order: ema_k = m * ema_{k-1} + (1 - m) * mean_k."""
    steps = window_means.shape[0]
    decay = momentum ** jnp.arange(steps - 1, -1, -1, dtype=window_means.dtype)
    return momentum**steps * ema + (1.0 - momentum) * jnp.einsum("s,sw->w", decay, window_means)


class TensionNormalizer(nn.Module):
    n_warps: int
    momentum: float = 0.9

    @nn.compact
    def __call__(self, windows):
        ema = self.variable("sensor_stats", "ema", lambda: jnp.ones((self.n_warps,)))
        scale = self.param("scale", nn.initializers.ones, (self.n_warps,))
        bias = self.param("bias", nn.initializers.zeros, (self.n_warps,))
        baseline = ema.value

        def body(seen, frame):
            normalised = frame / baseline * scale + bias
            return seen + 1, (normalised, frame.mean(axis=0))

        _, (out, window_means) = jax.lax.scan(body, 0, windows)
        if not self.is_initializing():
            ema.value = _fold_ema(baseline, window_means, self.momentum)
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
