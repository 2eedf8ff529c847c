# label: ok
# flax-error: none
# class: 3 the filter module holds a plain innovation-log object; innovations leave the scan as ys and are added to the log after the loop
"""Learned Kalman filter for 2-D target tracking (constant-velocity motion model).

A small network predicts the Kalman gain from the innovation and the predicted covariance
diagonal; innovations are logged to test filter consistency (whiteness) after a track.
"""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class InnovationLog:
    def __init__(self):
        self.items = []

    def add(self, innovation):
        self.items.append(innovation)

    def whiteness(self):
        nu = jnp.stack(self.items)
        return jnp.mean(nu[1:] * nu[:-1]) / (jnp.mean(nu * nu) + 1e-6)


@dataclasses.dataclass(frozen=True)
class TrackConfig:
    dt: float = 0.5
    hidden: int = 8


class GainNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, innovation, p_diag):
        h = nn.tanh(nn.Dense(self.hidden)(jnp.concatenate([innovation, p_diag])))
        return nn.sigmoid(nn.Dense(8)(h)).reshape(4, 2)


class LearnedKalman(nn.Module):
    cfg: TrackConfig
    log: Any

    def setup(self):
        dt = self.cfg.dt
        self.F = jnp.array([[1, 0, dt, 0], [0, 1, 0, dt], [0, 0, 1, 0], [0, 0, 0, 1.0]])
        self.H = jnp.eye(2, 4)
        self.gain = GainNet(self.cfg.hidden)

    def _correct(self, x_pred, p_diag, z):
        innovation = z - self.H @ x_pred
        K = self.gain(innovation, p_diag)
        return x_pred + K @ innovation, 0.9 * p_diag + 0.1 * jnp.abs(jnp.tile(innovation, 2)), innovation

    def _step(self, carry, z):
        x, p_diag = carry
        x, p_diag, innovation = self._correct(self.F @ x, p_diag, z)
        return (x, p_diag), (x[:2], innovation)

    def __call__(self, detections):
        x0 = jnp.concatenate([detections[0], jnp.zeros(2)])
        x1, p1, first = self._correct(self.F @ x0, jnp.ones(4), detections[1])
        _, (track, innovations) = lax.scan(self._step, (x1, p1), detections[2:])
        for innovation in [first, *innovations]:
            self.log.add(innovation)
        return track


def main():
    cfg = TrackConfig()
    t = jnp.arange(8.0)[:, None]
    detections = jnp.concatenate([1.0 + 0.8 * t, 2.0 - 0.3 * t], axis=1) + 0.05 * jnp.sin(7 * t)
    log = InnovationLog()
    tracker = LearnedKalman(cfg, log)
    variables = tracker.init(jax.random.key(0), detections)
    log.items.clear()
    track = tracker.apply(variables, detections)
    print("track end", track[-1], "whiteness", float(log.whiteness()))
    return None
