# label: same-values
# flax-error: none
# class: 5 make_headway_step(cfg, graphdef, state) returns a step function that merges the closed-over model state and builds nnx.Rngs(cfg.seed) from the frozen config on every call; the scan body calls that step
"""Metro operations: sample passenger-demand scenarios to regulate train headways.

The scenario step is built by a factory from a frozen run config so the simulation can be
reproduced exactly from the config file.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class RunConfig:
    seed: int = 2024
    stations: int = 9
    scenarios: int = 5
    demand_noise: float = 0.25


class PlatformDemandModel(nnx.Module):
    def __init__(self, stations: int, rngs: nnx.Rngs):
        self.timetable = nnx.Linear(stations, 16, rngs=rngs)
        self.boardings = nnx.Linear(16, stations, rngs=rngs)

    def __call__(self, load):
        return nnx.softplus(self.boardings(nnx.tanh(self.timetable(load))))


def make_headway_step(cfg: RunConfig, graphdef, state):
    def step(load):
        model = nnx.merge(graphdef, state)
        rngs = nnx.Rngs(demand=cfg.seed)
        noise = cfg.demand_noise * jax.random.normal(rngs.demand(), load.shape)
        boardings = model(load + noise)
        headway = jnp.clip(6.0 - boardings.mean(), 2.0, 10.0)
        return boardings, headway

    return step


class HeadwayRegulator:
    def __init__(self, cfg: RunConfig, model: PlatformDemandModel):
        graphdef, state = nnx.split(model)
        self.cfg = cfg
        self.step = make_headway_step(cfg, graphdef, state)

    def scenarios(self, load):
        def one(_, __):
            boardings, headway = self.step(load)
            return None, boardings

        _, boardings = lax.scan(one, None, None, length=self.cfg.scenarios)
        return boardings


def main():
    cfg = RunConfig()
    regulator = HeadwayRegulator(cfg, PlatformDemandModel(cfg.stations, nnx.Rngs(0)))
    load = jax.random.uniform(jax.random.key(1), (cfg.stations,))
    return regulator.scenarios(load)
