# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the while_loop body calls scheduler.model and the scheduler's telemetry adapter keeps the last predicted level on itself
"""Canal lock filling scheduler.

While a lock chamber fills, the scheduler steps the inflow model until the
water reaches the upper pound level. A telemetry adapter mirrors the last
predicted level for the lock-keeper's panel, and the scheduler uses it to
plan the next passage window.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass(frozen=True)
class LockConfig:
    sluices: int = 3
    upper_level: float = 4.0
    max_minutes: int = 40
    minutes_per_metre: float = 2.5


class InflowModel(nnx.Module):
    def __init__(self, config: LockConfig, rngs: nnx.Rngs):
        self.gates = nnx.Linear(config.sluices + 1, 8, rngs=rngs)
        self.rise = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, openings, level):
        h = nnx.relu(self.gates(jnp.append(openings, level)))
        return 0.2 + nnx.softplus(self.rise(h))[0]


class PanelAdapter:
    """Adapts the scheduler's readings to the lock-keeper's panel."""

    def __init__(self):
        self.last_level = None

    def publish(self, level):
        self.last_level = level


class LockScheduler:
    def __init__(self, model: InflowModel, config: LockConfig):
        self.model = model
        self.config = config
        self.panel = PanelAdapter()

    def fill(self, openings, level):
        cfg = self.config

        def rising(carry):
            minute, lvl = carry
            return (minute < cfg.max_minutes) & (lvl < cfg.upper_level)

        def inflow(carry):
            minute, lvl = carry
            lvl = lvl + self.model(openings, lvl)
            self.panel.publish(lvl)
            return minute + 1, lvl

        return jax.lax.while_loop(rising, inflow, (0, jnp.float32(level)))

    def next_window(self):
        return (self.config.upper_level - self.panel.last_level) * self.config.minutes_per_metre


def main():
    config = LockConfig()
    scheduler = LockScheduler(InflowModel(config, nnx.Rngs(0)), config)
    scheduler.fill(jnp.array([1.0, 0.5, 0.0]), 1.0)
    scheduler.next_window()
    return None
