# label: same-values
# flax-error: none
# class: 4 StockService.pool hands out a Session whose materialize() merges a copy of the pooled graphdef/state (dropout RngState included) in every scan step
"""Fish-stock projection service with stochastic recruitment.

A service keeps a pool of model sessions (graphdef + state) and projects recruitment
for several years from the latest survey, using dropout as process noise.
"""
import dataclasses
from typing import Any, List

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class RecruitmentNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(4, 8, rngs=rngs)
        self.noise = nnx.Dropout(0.4, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, survey):
        return nnx.softplus(self.out(self.noise(nnx.relu(self.inp(survey)))))[0]


@dataclasses.dataclass
class Session:
    graphdef: Any
    state: Any

    def materialize(self) -> RecruitmentNet:
        return nnx.merge(self.graphdef, self.state, copy=True)


class SessionPool:
    def __init__(self, model: nnx.Module, size: int):
        graphdef, state = nnx.split(model)
        self.sessions: List[Session] = [Session(graphdef, state) for _ in range(size)]

    def acquire(self, index: int = 0) -> Session:
        return self.sessions[index % len(self.sessions)]


class StockService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def project(self, survey, n_years: int):
        def year(carry, _):
            model = self.pool.acquire().materialize()
            return carry, model(survey)

        _, recruits = scan(year, None, None, length=n_years)
        return recruits


def main():
    model = RecruitmentNet(nnx.Rngs(params=0, dropout=1))
    service = StockService(SessionPool(model, size=2))
    survey = jnp.array([1.2, 0.4, 3.0, 0.9])
    recruits = service.project(survey, n_years=6)
    print("recruitment draws", recruits.tolist())
    return recruits
