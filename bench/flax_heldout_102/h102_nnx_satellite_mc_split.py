# label: ok
# flax-error: none
# class: 1 TelemetryAutoencoder.mc_scores runs the scan itself; dropout keys are split before the loop from the station's nnx.Rngs stream and passed as scan xs
"""Satellite housekeeping telemetry: Monte Carlo dropout reconstruction error as an anomaly score."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

CHANNELS = ("bus_voltage", "battery_temp", "wheel_rpm", "panel_current", "gyro_x", "gyro_y")


class TelemetryAutoencoder(nnx.Module):
    def __init__(self, n_channels: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_channels, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.dec = nnx.Linear(8, n_channels, rngs=rngs)

    def reconstruct(self, x, rngs=None):
        return self.dec(self.drop(nnx.relu(self.enc(x)), rngs=rngs))

    def mc_scores(self, frame, n_samples: int, key):
        keys = jax.random.split(key, n_samples)

        def sample(carry, k):
            return carry, jnp.mean((self.reconstruct(frame, rngs=k) - frame) ** 2)

        _, errors = lax.scan(sample, None, keys)
        return errors


class GroundStation:
    def __init__(self, model: TelemetryAutoencoder, n_samples: int = 6):
        self.model = model
        self.n_samples = n_samples
        self.rngs = nnx.Rngs(mc=7)

    def score_pass(self, frame):
        return self.model.mc_scores(frame, self.n_samples, self.rngs.mc())


def main():
    station = GroundStation(TelemetryAutoencoder(len(CHANNELS), nnx.Rngs(params=0, dropout=1)))
    frame = jnp.array([28.1, 0.4, 3.2, 1.1, 0.01, -0.02])
    return station.score_pass(frame)
