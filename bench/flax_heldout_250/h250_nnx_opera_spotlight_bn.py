# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the jax.lax.scan body in StageLighting.calibrate calls the service attribute self.model, whose BatchNorm updates its batch statistics
"""Spotlight intensity model for the opera house's stage-lighting desk."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclass(frozen=True)
class RigConfig:
    fixtures: int = 6
    cue_features: int = 4
    seed: int = 9


class SpotlightNet(nnx.Module):
    def __init__(self, config: RigConfig, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(config.cue_features, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, config.fixtures, rngs=rngs)

    def __call__(self, cue):
        return jax.nn.sigmoid(self.head(nnx.relu(self.norm(self.encode(cue)))))


class StageLighting:
    def __init__(self, config: RigConfig):
        self.config = config
        self.model = SpotlightNet(config, rngs=nnx.Rngs(config.seed))

    def calibrate(self, cue_sheets, targets):
        def one_sheet(total, sheet):
            cues, target = sheet
            levels = self.model(cues)
            return total + optax.l2_loss(levels, target).mean(), levels.mean()

        total, mean_levels = jax.lax.scan(one_sheet, jnp.float32(0.0), (cue_sheets, targets))
        return total, mean_levels

    def show(self, cues):
        self.model.eval()
        return self.model(cues)


def cue_sheets(config: RigConfig, sheets=4, cues=3):
    base = jnp.linspace(0.0, 2.0, sheets * cues * config.cue_features)
    return base.reshape(sheets, cues, config.cue_features), jnp.full((sheets, cues, config.fixtures), 0.6)


def main():
    config = RigConfig()
    sheets, targets = cue_sheets(config)
    desk = StageLighting(config)
    total, mean_levels = desk.calibrate(sheets, targets)
    lights = desk.show(sheets[0])
    jax.block_until_ready((total, mean_levels, lights))
    return None
