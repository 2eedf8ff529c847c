# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the HarvestSession's `variables` attribute is read and reassigned inside the scan body
"""Flood-depth calibration for cranberry bog harvest sessions."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class BogConfig:
    sensors: int = 3
    hidden: int = 8
    hours: int = 5
    beds: int = 4


class FloodDepthNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, readings, *, train: bool):
        h = nn.Dense(self.hidden, name="intake")(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8, name="norm")(h)
        return nn.Dense(1, name="depth")(nn.relu(h))


class HarvestSession:
    """Opens a harvest window on one bog; calibrates the depth model on the hourly gauge feed."""

    def __init__(self, model: FloodDepthNet, variables, probe):
        self.model = model
        self.variables = variables
        self.probe = probe
        self.closing_depth = None

    def __enter__(self) -> "HarvestSession":
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is None:
            self.closing_depth = self.model.apply(self.variables, self.probe, train=False)
        return False

    def calibrate(self, hourly):
        def hour(total, readings):
            depth, updates = self.model.apply(
                self.variables, readings, train=True, mutable=["batch_stats"]
            )
            self.variables = {**self.variables, **updates}
            return total + depth.mean(), depth

        total, _ = jax.lax.scan(hour, jnp.zeros(()), hourly)
        return total


def gauge_feed(cfg: BogConfig, seed: int = 0):
    key = jax.random.key(seed)
    return 0.3 + 0.1 * jax.random.normal(key, (cfg.hours, cfg.beds, cfg.sensors))


def main():
    cfg = BogConfig()
    feed = gauge_feed(cfg)
    model = FloodDepthNet(cfg.hidden)
    variables = model.init(jax.random.key(1), feed[0], train=False)
    with HarvestSession(model, variables, probe=feed[-1]) as session:
        total = session.calibrate(feed)
    jax.block_until_ready((total, session.closing_depth))
    return None
