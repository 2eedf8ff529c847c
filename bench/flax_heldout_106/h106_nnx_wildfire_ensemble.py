# label: same-values
# flax-error: none
# class: 4 SpreadSimulator.sampler builds nnx.Rngs(self.cfg.seed) from its frozen SimConfig on each call; the scan body calls self.sampler.perturb, which feeds those Rngs to the model's Dropout
"""Wildfire agency: an ensemble of stochastic spread forecasts for the next burning periods."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SimConfig:
    seed: int = 7
    cells: int = 16
    members: int = 6
    spread_rate: float = 0.4


class SpreadModel(nnx.Module):
    def __init__(self, cells: int, *, rngs: nnx.Rngs):
        self.wind = nnx.Linear(cells, cells, rngs=rngs)
        self.drop = nnx.Dropout(0.2)

    def __call__(self, burning, *, rngs=None):
        pressure = nnx.sigmoid(self.wind(burning))
        return self.drop(pressure, deterministic=False, rngs=rngs)


class PerturbationSampler:
    def __init__(self, model: SpreadModel, cfg: SimConfig):
        self.model = model
        self.cfg = cfg

    def perturb(self, burning, member):
        rngs = nnx.Rngs(dropout=self.cfg.seed)
        return self.model(burning, rngs=rngs)


class SpreadSimulator:
    def __init__(self, sampler: PerturbationSampler, cfg: SimConfig):
        self.sampler = sampler
        self.cfg = cfg

    def ensemble(self, burning):
        def member(carry, m):
            pressure = self.sampler.perturb(burning, m)
            return carry, jnp.clip(burning + self.cfg.spread_rate * pressure, 0.0, 1.0)

        _, members = jax.lax.scan(member, None, jnp.arange(self.cfg.members))
        return members


def main():
    cfg = SimConfig()
    model = SpreadModel(cfg.cells, rngs=nnx.Rngs(0))
    burning = jnp.zeros(cfg.cells).at[5].set(1.0)
    return SpreadSimulator(PerturbationSampler(model, cfg), cfg).ensemble(burning)
