# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 registry factory -> AnomalyMonitor.hot_swap stores functools.partial(model.apply, variables); the lax.scan body calls it with adaptive BatchNorm
"""Industrial anomaly monitor whose detectors are hot-swapped from a registry.

Detectors are autoencoders; 'adaptive' detectors keep updating their BatchNorm statistics
while they score sensor windows, so they follow slow drift of the line."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax

DETECTORS = {}


def register_detector(name):
    def wrap(cls):
        DETECTORS[name] = cls
        return cls
    return wrap


@dataclasses.dataclass(frozen=True)
class DetectorConfig:
    name: str
    latent: int = 4
    adaptive: bool = True


@register_detector("bn_autoencoder")
class BNAutoencoder(nn.Module):
    config: DetectorConfig

    @nn.compact
    def __call__(self, window):
        h = nn.Dense(self.config.latent)(window)
        h = nn.BatchNorm(use_running_average=not self.config.adaptive)(h)
        recon = nn.Dense(window.shape[-1])(nn.tanh(h))
        return jnp.mean((recon - window) ** 2, axis=-1)


class AnomalyMonitor:
    def __init__(self, threshold: float):
        self.threshold = threshold
        self.active = None
        self._score_fn = None

    def hot_swap(self, config: DetectorConfig, variables):
        model = DETECTORS[config.name](config)
        self.active = config.name
        self._score_fn = functools.partial(model.apply, variables)

    def scan_windows(self, windows):
        def body(alarm, window):
            err = self._score_fn(window)
            return jnp.maximum(alarm, err.max()), err

        alarm, errors = lax.scan(body, jnp.zeros(()), windows)
        return alarm > self.threshold, errors


def main():
    windows = jax.random.normal(jax.random.key(0), (10, 16, 6))
    monitor = AnomalyMonitor(threshold=2.0)
    for seed, cfg in enumerate([DetectorConfig("bn_autoencoder", adaptive=False),
                                DetectorConfig("bn_autoencoder", latent=3, adaptive=True)]):
        variables = DETECTORS[cfg.name](cfg).init(jax.random.key(seed), windows[0])
        monitor.hot_swap(cfg, variables)
        monitor.scan_windows(windows)
    return None
