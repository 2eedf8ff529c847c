# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a model.bind(...) kept by a Session drawn from the SessionPool of a survey service is called in the scan body
"""Kelp forest monitoring: a canopy-cover scoring service that re-estimates its
normalisation statistics on each new drone transect."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class CanopyConfig:
    bands: int = 5
    hidden: int = 8
    frames: int = 6
    tiles_per_frame: int = 4


class CanopyScorer(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, tiles, train: bool):
        h = nn.Dense(self.hidden, name="embed")(tiles)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.sigmoid(nn.Dense(1, name="cover")(nn.relu(h)))


class Session:
    """One warm model per worker: the variables are bound once at start-up."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.bound = model.bind(variables)

    def score(self, frame, train=False):
        return self.bound(frame, train=train)


class SessionPool:
    def __init__(self, factory, size):
        self._sessions = [factory() for _ in range(size)]

    def acquire(self, site_id):
        return self._sessions[site_id % len(self._sessions)]


class SurveyService:
    def __init__(self, pool: SessionPool, cfg: CanopyConfig):
        self.pool = pool
        self.cfg = cfg

    def recalibrate(self, site_id, transect):
        session = self.pool.acquire(site_id)

        def body(total, frame):
            cover = session.score(frame, train=True)
            return total + cover.mean(), None

        total, _ = lax.scan(body, jnp.zeros(()), transect)
        return total / transect.shape[0]


def main():
    cfg = CanopyConfig()
    model = CanopyScorer(cfg.hidden)
    sample = jnp.ones((cfg.tiles_per_frame, cfg.bands))
    variables = model.init(jax.random.key(0), sample, train=False)
    pool = SessionPool(lambda: Session(model, variables), size=2)
    service = SurveyService(pool, cfg)
    transect = jax.random.uniform(jax.random.key(1), (cfg.frames, cfg.tiles_per_frame, cfg.bands))
    service.recalibrate(site_id=3, transect=transect)
    return None
