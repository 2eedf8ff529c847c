# label: same-values
# flax-error: none
# class: 5 the scan body asks the make_cellar_noise(cfg) factory for a CellarNoise module, which builds a fresh nnx.Rngs from the frozen AgingConfig seed on every call
"""Cheese-cave aging simulator: humidity shocks and rind moisture over a ripening schedule."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class AgingConfig:
    seed: int = 5
    weeks: int = 12
    shelves: int = 4
    shock_scale: float = 0.04


class CellarNoise(nnx.Module):
    def __init__(self, shelves: int, scale: float, rngs: nnx.Rngs):
        self.shelves, self.scale = shelves, scale
        self.rngs = rngs

    def __call__(self):
        return self.scale * jax.random.normal(self.rngs.humidity(), (self.shelves,))


def make_cellar_noise(cfg: AgingConfig) -> CellarNoise:
    return CellarNoise(cfg.shelves, cfg.shock_scale, nnx.Rngs(humidity=cfg.seed))


class RipeningModel(nnx.Module):
    def __init__(self, shelves: int, rngs: nnx.Rngs):
        self.rate = nnx.Linear(shelves, shelves, rngs=rngs)

    def __call__(self, moisture, humidity):
        return moisture - 0.01 * nnx.softplus(self.rate(moisture - humidity))


class CaveSimulator:
    def __init__(self, cfg: AgingConfig, model: RipeningModel):
        self.cfg, self.model = cfg, model

    def simulate(self, moisture):
        def week(moisture, _):
            shocks = make_cellar_noise(self.cfg)()
            moisture = self.model(moisture, 0.85 + shocks)
            return moisture, shocks

        return scan(week, moisture, None, length=self.cfg.weeks)


def main():
    cfg = AgingConfig()
    simulator = CaveSimulator(cfg, RipeningModel(cfg.shelves, nnx.Rngs(0)))
    final, shocks = simulator.simulate(jnp.full((cfg.shelves,), 0.42))
    print("final moisture", final)
    return shocks
