# label: ok
# flax-error: none
# class: 4 ColonyTracker.pool (a HivePool) merges the carried state inside the scan body without keeping it; the final state leaves through the carry and the pool merges the live module after the loop
"""Beehive monitor: tracks colony weight through the season with a small model whose batch
statistics adapt to each apiary; a pool caches the live model for dashboards."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass(frozen=True)
class ColonyConfig:
    n_signals: int = 4  # weight delta, brood temp, humidity, flight count
    hidden: int = 8


class ColonyModel(nnx.Module):
    def __init__(self, cfg: ColonyConfig, rngs: nnx.Rngs):
        self.enc = nnx.Linear(cfg.n_signals, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, momentum=0.8, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.norm(self.enc(x))))[..., 0]


class HivePool:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)
        self.live = None

    def acquire(self, state):
        return nnx.merge(self.graphdef, state)

    def release(self, state):
        self.state = state
        self.live = nnx.merge(self.graphdef, state)


class ColonyTracker:
    def __init__(self, cfg: ColonyConfig):
        self.pool = HivePool(ColonyModel(cfg, nnx.Rngs(0)))

    def track(self, weeks):
        def week(state, signals):
            model = self.pool.acquire(state)
            health = model(signals)
            return nnx.state(model), health.mean()

        state, health = jax.lax.scan(week, self.pool.state, weeks)
        self.pool.release(state)
        return health

    def report(self, signals):
        return self.pool.live(signals)


def main():
    tracker = ColonyTracker(ColonyConfig())
    weeks = jnp.sin(jnp.arange(6 * 3 * 4, dtype=jnp.float32)).reshape(6, 3, 4)
    health = tracker.track(weeks)
    dashboard = tracker.report(weeks[-1])
    print("weekly health", health, "dashboard", dashboard)
    return None
