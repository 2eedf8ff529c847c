# label: same-values
# flax-error: none
# class: 4 PacingService.from_config builds a Coach whose RaceSession holds a key drawn once from the coach's nnx.Rngs 'pace' stream in prepare(); the fori_loop body reads self.coach.session.fatigue_key at every kilometre
"""Marathon pacing service: a coach model predicts per-kilometre pace from course features; the
service simulates fatigue shocks for each kilometre of a race plan and returns them."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class PaceModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.course = nnx.Linear(n_features, 8, rngs=rngs)
        self.pace = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, features):
        return 4.5 + nnx.softplus(self.pace(nnx.relu(self.course(features))))[0]


@dataclasses.dataclass(frozen=True)
class PacingConfig:
    n_features: int = 3
    distance_km: int = 42
    fatigue_sd: float = 0.08
    seed: int = 0


class RaceSession:
    def __init__(self, fatigue_key):
        self.fatigue_key = fatigue_key


class Coach:
    def __init__(self, model, rngs):
        self.model = model
        self.rngs = rngs
        self.session = None

    def prepare(self):
        self.session = RaceSession(self.rngs.pace())


class PacingService:
    def __init__(self, cfg, coach):
        self.cfg = cfg
        self.coach = coach

    @classmethod
    def from_config(cls, cfg: PacingConfig):
        model = PaceModel(cfg.n_features, nnx.Rngs(params=cfg.seed))
        return cls(cfg, Coach(model, nnx.Rngs(pace=cfg.seed + 1)))

    def fatigue_shocks(self, course):
        self.coach.prepare()

        def kilometre(i, shocks):
            base = self.coach.model(course[i])
            noise = jax.random.normal(self.coach.session.fatigue_key, ())
            return shocks.at[i].set(self.cfg.fatigue_sd * base * noise)

        shocks = jnp.zeros((self.cfg.distance_km,))
        return fori_loop(0, self.cfg.distance_km, kilometre, shocks)


def main():
    cfg = PacingConfig(distance_km=10)
    service = PacingService.from_config(cfg)
    course = jnp.zeros((cfg.distance_km, cfg.n_features))
    return service.fatigue_shocks(course)
