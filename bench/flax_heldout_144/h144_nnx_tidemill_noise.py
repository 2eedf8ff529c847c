# label: same-values
# flax-error: none
# class: 5 make_perturb_step factory draws one key from the Rngs 'tide' stream and the returned while body reuses it with the closed-over model
"""Tide-mill wheel speed forecasting.

The miller's planner perturbs the forecast tide level with noise chosen by a strategy enum and
keeps one wheel-speed sample per iteration."""
import dataclasses
import enum

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class Perturb(enum.Enum):
    GAUSSIAN = "gaussian"
    UNIFORM = "uniform"


NOISE = {
    Perturb.GAUSSIAN: lambda key, shape: jax.random.normal(key, shape),
    Perturb.UNIFORM: lambda key, shape: jax.random.uniform(key, shape, minval=-1.0, maxval=1.0),
}


@dataclasses.dataclass(frozen=True)
class TideConfig:
    samples: int = 6
    scale: float = 0.15
    perturb: Perturb = Perturb.GAUSSIAN


class WheelModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.head = nnx.Linear(3, 6, rngs=rngs)
        self.rpm = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, tide):
        return 10.0 * nnx.softplus(self.rpm(nnx.tanh(self.head(tide)))).squeeze(-1)


def make_perturb_step(model: WheelModel, rngs: nnx.Rngs, tide, cfg: TideConfig):
    key = rngs.tide()
    draw = NOISE[cfg.perturb]

    def step(carry):
        i, buf = carry
        level = tide + cfg.scale * draw(key, tide.shape)
        return i + 1, buf.at[i].set(model(level))

    return step


def main():
    cfg = TideConfig()
    rngs = nnx.Rngs(params=0, tide=5)
    model = WheelModel(rngs)
    tide = jnp.array([2.4, -0.3, 0.8])  # level (m), rate, head across the sluice
    step = make_perturb_step(model, rngs, tide, cfg)
    _, speeds = while_loop(lambda c: c[0] < cfg.samples, step, (0, jnp.zeros((cfg.samples,))))
    return speeds
