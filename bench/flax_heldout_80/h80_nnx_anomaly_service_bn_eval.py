# label: ok
# flax-error: none
# class: 2 an NNX detector with nnx.BatchNorm switched to model.eval() by the monitoring service before a scan body calls it
"""Streaming anomaly detection: a monitoring service scores sliding windows of telemetry."""
import jax
import jax.numpy as jnp
from flax import nnx


class WindowDetector(nnx.Module):
    def __init__(self, channels, latent, *, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(channels, momentum=0.95, rngs=rngs)
        self.enc = nnx.Linear(channels, latent, rngs=rngs)
        self.dec = nnx.Linear(latent, channels, rngs=rngs)

    def __call__(self, window):
        x = self.norm(window)
        return jnp.mean((self.dec(nnx.tanh(self.enc(x))) - x) ** 2)


class MonitoringService:
    def __init__(self, detector, threshold=2.0):
        self.detector = detector
        self.threshold = threshold

    def scan_stream(self, windows):
        self.detector.eval()

        def body(n_alerts, window):
            err = self.detector(window)
            return n_alerts + (err > self.threshold), err

        return jax.lax.scan(body, jnp.int32(0), windows)


def main():
    windows = jax.random.normal(jax.random.key(0), (6, 12, 4))
    service = MonitoringService(WindowDetector(4, 2, rngs=nnx.Rngs(0)))
    service.scan_stream(windows)
    return None
