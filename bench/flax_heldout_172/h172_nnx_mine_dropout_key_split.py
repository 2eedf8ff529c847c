# label: ok
# flax-error: none
# class: 3 DrillSimulator.rngs (an nnx.Rngs stream) is drawn once before the scan and split into one key per step, scanned over and passed to DrillSimulator.model
"""Mining equipment failure predictor: Monte-Carlo estimate of a drill rig's failure probability
under sensor dropout, used to size the spare-parts buffer."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass(frozen=True)
class RigConfig:
    n_sensors: int = 6
    hidden: int = 16
    sensor_dropout: float = 0.3
    n_draws: int = 6


class FailureHead(nnx.Module):
    def __init__(self, cfg: RigConfig, rngs: nnx.Rngs):
        self.encode = nnx.Linear(cfg.n_sensors, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.sensor_dropout)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, readings, key):
        h = nnx.tanh(self.encode(readings))
        return nnx.sigmoid(self.out(self.drop(h, rngs=key)))[0]


class DrillSimulator:
    def __init__(self, cfg: RigConfig, seed: int):
        self.cfg = cfg
        self.rngs = nnx.Rngs(params=seed, sensors=seed + 1)
        self.model = FailureHead(cfg, self.rngs)

    def failure_draws(self, readings):
        keys = jax.random.split(self.rngs.sensors(), self.cfg.n_draws)

        def draw(carry, key):
            p = self.model(readings, key)
            return carry, p

        _, probs = jax.lax.scan(draw, jnp.zeros(()), keys)
        return probs


def main():
    sim = DrillSimulator(RigConfig(), seed=4)
    readings = jnp.array([0.9, 0.2, -0.4, 1.3, 0.0, 0.7])  # torque, temp, vibration, ...
    probs = sim.failure_draws(readings)
    print("failure probability draws", probs)
    return probs
