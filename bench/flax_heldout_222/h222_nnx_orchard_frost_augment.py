# label: same-values
# flax-error: none
# class: 5 make_mask_step(model, cfg) returns the fori_loop body, which builds nnx.Rngs(dropout=cfg.seed) on every step and draws the sensor-dropout mask from the model's Dropout with it
"""Orchard frost protection: sensor-dropout augmentation for a frost-fan trigger model."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclass(frozen=True)
class AugmentConfig:
    sensors: int = 8
    copies: int = 6
    drop_rate: float = 0.25
    seed: int = 17


class FrostTrigger(nnx.Module):
    def __init__(self, cfg: AugmentConfig, *, rngs: nnx.Rngs):
        self.sensor_dropout = nnx.Dropout(cfg.drop_rate, rngs=rngs)
        self.head = nnx.Linear(cfg.sensors, 1, rngs=rngs)

    def __call__(self, temps):
        return nnx.sigmoid(self.head(temps))[..., 0]


def make_mask_step(model: FrostTrigger, cfg: AugmentConfig):
    def step(i, masks):
        rngs = nnx.Rngs(dropout=cfg.seed)
        mask = model.sensor_dropout(jnp.ones(cfg.sensors), rngs=rngs)
        return masks.at[i].set(mask)

    return step


class FrostAugmenter:
    def __init__(self, model: FrostTrigger, cfg: AugmentConfig, step_factory=make_mask_step):
        self.model, self.cfg = model, cfg
        self.step = step_factory(model, cfg)

    def augment(self, night_temps):
        masks = lax.fori_loop(0, self.cfg.copies, self.step, jnp.zeros((self.cfg.copies, self.cfg.sensors)))
        triggers = self.model(night_temps[None, :] * masks)
        return masks, triggers


def main():
    cfg = AugmentConfig()
    model = FrostTrigger(cfg, rngs=nnx.Rngs(0))
    night_temps = jnp.linspace(-1.5, 2.0, cfg.sensors)
    masks, _ = FrostAugmenter(model, cfg).augment(night_temps)
    return masks  # one mask per augmented copy, copy on axis 0
