# label: ok
# flax-error: none
# class: 2 list of blocks holding nnx.BatchNorm switched to eval mode (running averages read) before the raw scan body
"""Climate emulator: an autoregressive surrogate for a coarse atmospheric column model."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class EmulatorConfig:
    levels: int = 10
    hidden: int = 24
    depth: int = 2
    horizon: int = 6
    dt: float = 0.05


class TendencyBlock(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return x + nnx.gelu(self.norm(self.linear(x)))


class ColumnEmulator(nnx.Module):
    def __init__(self, cfg: EmulatorConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.lift = nnx.Linear(cfg.levels, cfg.hidden, rngs=rngs)
        self.blocks = nnx.List([TendencyBlock(cfg.hidden, rngs) for _ in range(cfg.depth)])
        self.head = nnx.Linear(cfg.hidden, cfg.levels, rngs=rngs)

    def tendency(self, columns):
        h = self.lift(columns)
        for block in self.blocks:
            h = block(h)
        return self.head(h)

    def advance(self, columns, _):
        columns = columns + self.cfg.dt * self.tendency(columns)
        return columns, columns.mean()


def forecast(model, columns):
    final, trajectory = jax.lax.scan(model.advance, columns, None, length=model.cfg.horizon)
    return final, trajectory


def main():
    cfg = EmulatorConfig()
    model = ColumnEmulator(cfg, nnx.Rngs(0))
    columns = jnp.sin(jnp.linspace(0.0, 3.0, 4 * cfg.levels)).reshape(4, cfg.levels)
    model.eval()
    final, trajectory = forecast(model, columns)
    print("forecast mean", trajectory.round(3).tolist(), "final spread", float(final.std()))
    return None
