# label: ok
# flax-error: none
# class: 4 ForecastService -> session pool -> ForecastSession.model (put in eval() mode by the Enum handler) is called in the while_loop body
"""Avalanche danger service: a pool of per-region sessions, each iterating a snowpack model."""
import enum

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Stage(enum.Enum):
    RECALIBRATE = enum.auto()
    PUBLISH = enum.auto()


class SnowpackNet(nnx.Module):
    def __init__(self, layers: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(layers, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.danger = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, profile):
        return nnx.sigmoid(self.danger(nnx.relu(self.norm(self.embed(profile)))))[:, 0]


class ForecastSession:
    def __init__(self, region: str, model: SnowpackNet):
        self.region = region
        self.model = model


class ForecastService:
    def __init__(self, regions, layers: int):
        self.pool = {r: ForecastSession(r, SnowpackNet(layers, rngs=nnx.Rngs(i)))
                     for i, r in enumerate(regions)}
        self.stage_setup = {Stage.RECALIBRATE: lambda m: m.train(), Stage.PUBLISH: lambda m: m.eval()}

    def settle(self, region: str, profiles, stage: Stage, tol: float = 1e-3):
        session = self.pool[region]
        self.stage_setup[stage](session.model)

        def unsettled(state):
            i, _, change = state
            return (i < profiles.shape[0]) & (change > tol)

        def iterate(state):
            i, danger, _ = state
            new = session.model(profiles[i]).mean()
            return i + 1, new, jnp.abs(new - danger)

        return lax.while_loop(unsettled, iterate, (0, jnp.zeros(()), jnp.inf))


def main():
    profiles = jax.random.normal(jax.random.key(5), (10, 16, 6))
    service = ForecastService(["north_face", "couloir"], layers=6)
    steps, danger, _ = service.settle("couloir", profiles, Stage.PUBLISH)
    print(f"{int(steps)} iterations, danger {float(danger):.3f}")
    return None
