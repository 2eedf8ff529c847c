# label: ok
# flax-error: none
# class: 4 SweepMonitor.sweep scans and the body calls self.service.model, put in eval mode by the service, so encoder.bn only reads its running statistics
"""Radio spectrum occupancy monitoring: per-sweep channel occupancy from power spectra."""
from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclass(frozen=True)
class FrontendConfig:
    bins: int = 32
    features: int = 16


@dataclass(frozen=True)
class RadioConfig:
    frontend: FrontendConfig = field(default_factory=FrontendConfig)
    channels: int = 4


@dataclass(frozen=True)
class MonitorConfig:
    radio: RadioConfig = field(default_factory=RadioConfig)
    threshold: float = 0.5


class SpectrumEncoder(nnx.Module):
    def __init__(self, cfg: FrontendConfig, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(cfg.bins, cfg.features, rngs=rngs)
        self.bn = nnx.BatchNorm(cfg.features, rngs=rngs)

    def __call__(self, psd):
        return nnx.relu(self.bn(self.proj(psd)))


class OccupancyDetector(nnx.Module):
    def __init__(self, cfg: RadioConfig, *, rngs: nnx.Rngs):
        self.encoder = SpectrumEncoder(cfg.frontend, rngs=rngs)
        self.head = nnx.Linear(cfg.frontend.features, cfg.channels, rngs=rngs)

    def __call__(self, psd):
        return nnx.sigmoid(self.head(self.encoder(psd)))


class DetectorService:
    def __init__(self, cfg: MonitorConfig, seed: int = 0):
        self.cfg = cfg
        self.model = OccupancyDetector(cfg.radio, rngs=nnx.Rngs(seed))
        self.model.eval()


class SweepMonitor:
    def __init__(self, service: DetectorService):
        self.service = service

    def sweep(self, spectra):  # [sweeps, antennas, bins]
        threshold = self.service.cfg.threshold

        def one_sweep(busy_count, psd):
            occupancy = self.service.model(psd)
            return busy_count + (occupancy > threshold).sum(0), occupancy.mean(0)

        channels = self.service.cfg.radio.channels
        busy, profile = lax.scan(one_sweep, jnp.zeros((channels,), jnp.int32), spectra)
        return busy, profile


def main():
    cfg = MonitorConfig()
    spectra = jax.random.exponential(jax.random.key(0), (8, 3, cfg.radio.frontend.bins))
    monitor = SweepMonitor(DetectorService(cfg))
    busy, profile = monitor.sweep(spectra)
    print("busy sweeps per channel", busy, profile.shape)
    return None
