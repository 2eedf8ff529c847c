# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 HazardAdaptationService.adapt carries the model through lax.scan; the body calls the inherited CheckpointingService.snapshot hook, which keeps nnx.state of the carried model in self.snapshots
"""Online adaptation of the avalanche hazard model to the current season's observations."""
from __future__ import annotations

import dataclasses
import time

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class SeasonConfig:
    observations: int = 5  # new snow, wind loading, temperature trend, whumpfs, cracking
    hidden: int = 8
    days: int = 4
    batch: int = 3


class HazardModel(nnx.Module):
    def __init__(self, cfg: SeasonConfig, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(cfg.observations, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, rngs=rngs)
        self.level = nnx.Linear(cfg.hidden, 5, rngs=rngs)  # danger levels 1-5

    def __call__(self, obs):
        return self.level(nnx.relu(self.norm(self.encode(obs))))


class BaseService:
    def __init__(self, name: str):
        self.name = name
        self.started = time.monotonic()


class CheckpointingService(BaseService):
    def __init__(self, name: str, keep: int = 3):
        super().__init__(name)
        self.keep = keep
        self.snapshots = []

    def snapshot(self, model):
        self.snapshots.append(nnx.state(model))
        del self.snapshots[: -self.keep]

    def restore_latest(self, model):
        nnx.update(model, self.snapshots[-1])


class HazardAdaptationService(CheckpointingService):
    def __init__(self, cfg: SeasonConfig, seed: int = 0):
        super().__init__("hazard-adaptation", keep=2)
        self.cfg = cfg
        self.model = HazardModel(cfg, rngs=nnx.Rngs(seed))

    def adapt(self, daily_obs):
        self.model.train()

        def day(model, obs):
            logits = model(obs)
            self.snapshot(model)
            return model, logits.mean(axis=0)

        _, daily_logits = lax.scan(day, self.model, daily_obs)
        self.restore_latest(self.model)
        self.model.eval()
        return daily_logits

    def bulletin(self, obs):
        return jnp.argmax(self.model(obs), axis=-1) + 1


def main():
    cfg = SeasonConfig()
    service = HazardAdaptationService(cfg)
    row = jnp.array([0.6, 0.8, -0.2, 1.0, 0.3])
    daily = jnp.ones((cfg.days, cfg.batch, 1)) * row
    daily_logits = service.adapt(daily)
    levels = service.bulletin(daily[0])
    jax.block_until_ready((daily_logits, levels))
    return None
