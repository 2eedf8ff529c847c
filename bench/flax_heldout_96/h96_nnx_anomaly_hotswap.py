# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 AnomalyMonitor.hot_swap installs a detector from a registry; the lax.scan body calls self.detector in train mode, which updates its nnx.BatchNorm stats
"""Industrial anomaly monitor whose detectors are hot-swapped (NNX).

Detectors are registered autoencoders; an 'adaptive' detector is left in train mode so its
BatchNorm statistics follow slow drift of the production line while it scores."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

DETECTORS = {}


def register_detector(name):
    def wrap(factory):
        DETECTORS[name] = factory
        return factory
    return wrap


@dataclasses.dataclass(frozen=True)
class DetectorConfig:
    name: str
    features: int = 6
    latent: int = 4
    adaptive: bool = True


@register_detector("bn_autoencoder")
class BNAutoencoder(nnx.Module):
    def __init__(self, config: DetectorConfig, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(config.features, config.latent, rngs=rngs)
        self.norm = nnx.BatchNorm(config.latent, rngs=rngs)
        self.dec = nnx.Linear(config.latent, config.features, rngs=rngs)

    def __call__(self, window):
        recon = self.dec(nnx.tanh(self.norm(self.enc(window))))
        return jnp.mean((recon - window) ** 2, axis=-1)


class AnomalyMonitor:
    def __init__(self, threshold: float):
        self.threshold = threshold
        self.detector = None

    def hot_swap(self, config: DetectorConfig, seed: int):
        detector = DETECTORS[config.name](config, rngs=nnx.Rngs(seed))
        detector.train() if config.adaptive else detector.eval()
        self.detector = detector

    def scan_windows(self, windows):
        def body(alarm, window):
            err = self.detector(window)
            return jnp.maximum(alarm, err.max()), err

        alarm, errors = scan(body, jnp.zeros(()), windows)
        return alarm > self.threshold, errors


def main():
    windows = jax.random.normal(jax.random.key(0), (10, 16, 6))
    monitor = AnomalyMonitor(threshold=2.0)
    for seed, cfg in enumerate([DetectorConfig("bn_autoencoder", adaptive=False),
                                DetectorConfig("bn_autoencoder", latent=3, adaptive=True)]):
        monitor.hot_swap(cfg, seed)
        monitor.scan_windows(windows)
    return None
