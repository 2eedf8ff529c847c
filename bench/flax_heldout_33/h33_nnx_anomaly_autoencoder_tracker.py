# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the jax.checkpoint-wrapped scan body calls AnomalyDetector.score(), which pushes the nnx autoencoder's reconstruction error into the module-level ERROR_TRACKER plain object; calibrate() reads it after the loop
"""Sensor anomaly detection with a sliding-window convolutional autoencoder.

Windows of multivariate telemetry are reconstructed; the reconstruction error
per window is the anomaly score. A running tracker keeps the worst error seen
so far to calibrate the alarm threshold.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class DetectorConfig:
    channels: int = 3
    window: int = 8
    latent: int = 4
    n_windows: int = 6
    margin: float = 1.2


class ErrorTracker:
    def __init__(self):
        self.worst = jnp.array(0.0)
        self.count = 0

    def update(self, err):
        self.worst = jnp.maximum(self.worst, err)
        self.count += 1


ERROR_TRACKER = ErrorTracker()


class ConvAutoencoder(nnx.Module):
    def __init__(self, cfg: DetectorConfig, *, rngs: nnx.Rngs):
        self.enc = nnx.Conv(cfg.channels, 8, (3,), rngs=rngs)
        self.bottleneck = nnx.Linear(8 * cfg.window, cfg.latent, rngs=rngs)
        self.expand = nnx.Linear(cfg.latent, 8 * cfg.window, rngs=rngs)
        self.dec = nnx.Conv(8, cfg.channels, (3,), rngs=rngs)
        self.window = cfg.window

    def __call__(self, x):
        h = nnx.gelu(self.enc(x))
        z = self.bottleneck(h.reshape(h.shape[0], -1))
        h = nnx.gelu(self.expand(z)).reshape(x.shape[0], self.window, 8)
        return self.dec(h)


class AnomalyDetector:
    def __init__(self, model: ConvAutoencoder, cfg: DetectorConfig, tracker=ERROR_TRACKER):
        self.model = model
        self.cfg = cfg
        self.tracker = tracker

    def score(self, window):
        recon = self.model(window[None])[0]
        err = jnp.mean((recon - window) ** 2)
        self.tracker.update(err)
        return err

    def scan_series(self, series):
        cfg = self.cfg
        starts = jnp.arange(cfg.n_windows) * (cfg.window // 2)

        @jax.checkpoint
        def body(carry, start):
            window = lax.dynamic_slice_in_dim(series, start, cfg.window)
            return carry, self.score(window)

        _, scores = lax.scan(body, None, starts)
        return scores

    def calibrate(self):
        return self.cfg.margin * self.tracker.worst


def main():
    cfg = DetectorConfig()
    detector = AnomalyDetector(ConvAutoencoder(cfg, rngs=nnx.Rngs(0)), cfg)
    t = jnp.arange(cfg.n_windows * cfg.window // 2 + cfg.window)
    series = jnp.stack([jnp.sin(t / 3.0), jnp.cos(t / 5.0), 0.1 * t / t.size], -1)
    scores = detector.scan_series(series)
    threshold = detector.calibrate()
    alarms = scores > threshold
    alarms.block_until_ready()
    return None
