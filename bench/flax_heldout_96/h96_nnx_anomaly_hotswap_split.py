# label: ok
# flax-error: none
# class: 3 AnomalyMonitor.hot_swap installs a detector from a registry; nnx.split before the lax.scan, state carried and merged in the body, nnx.update after
"""Industrial anomaly monitor whose detectors are hot-swapped (NNX).

Detectors are registered autoencoders; an 'adaptive' detector is left in train mode so its
BatchNorm statistics follow drift. The monitor splits the detector, carries its state through
the scan and writes the updated state back afterwards."""
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
        graphdef, state = nnx.split(self.detector)

        def body(carry, window):
            alarm, state = carry
            detector = nnx.merge(graphdef, state)
            err = detector(window)
            return (jnp.maximum(alarm, err.max()), nnx.state(detector)), err

        (alarm, state), errors = scan(body, (jnp.zeros(()), state), windows)
        nnx.update(self.detector, state)
        return alarm > self.threshold, errors


def main():
    windows = jax.random.normal(jax.random.key(0), (10, 16, 6))
    monitor = AnomalyMonitor(threshold=2.0)
    for seed, cfg in enumerate([DetectorConfig("bn_autoencoder", adaptive=False),
                                DetectorConfig("bn_autoencoder", latent=3, adaptive=True)]):
        monitor.hot_swap(cfg, seed)
        monitor.scan_windows(windows)
    return None
