# label: same-values
# flax-error: none
# class: 5 make_cue_runner() returns the fori_loop body, which builds the rig with the CandleFlicker.from_config classmethod (nnx.Rngs(cfg.seed)) on every cue
"""Candle-flicker lighting cues for a theatre lighting desk.

Each cue renders one frame of simulated candle flicker for the lamps on the
rig. The rig is rebuilt from its frozen config on every cue so that a cue can
be replayed on its own.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class FlickerConfig:
    seed: int = 11
    rate: float = 0.25
    n_lamps: int = 6
    base_level: float = 0.7


class CandleFlicker(nnx.Module):
    def __init__(self, cfg: FlickerConfig, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(cfg.n_lamps, cfg.n_lamps, rngs=rngs)
        self.flicker = nnx.Dropout(cfg.rate, rngs=rngs)

    @classmethod
    def from_config(cls, cfg: FlickerConfig) -> "CandleFlicker":
        return cls(cfg, rngs=nnx.Rngs(cfg.seed))

    def __call__(self, levels):
        return nnx.sigmoid(self.mix(self.flicker(levels)))


def make_cue_runner(cfg: FlickerConfig):
    levels = jnp.full((cfg.n_lamps,), cfg.base_level)

    def render_cue(cue, frames):
        rig = CandleFlicker.from_config(cfg)
        return frames.at[cue].set(rig(levels))

    return render_cue


def main():
    cfg = FlickerConfig()
    n_cues = 5
    frames = jnp.zeros((n_cues, cfg.n_lamps))
    return fori_loop(0, n_cues, make_cue_runner(cfg), frames)
