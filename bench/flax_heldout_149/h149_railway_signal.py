# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 BlockSignaller gets the headway model from a SignalUnitOfWork, which binds what the ModelRepository stores; the while_loop body calls the bound model with online adaptation on
"""Railway block signalling: a headway model proposes signal aspects for each block until the
occupancy settles; models live in a repository and a unit of work binds them for one run."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class LineConfig:
    blocks: int = 10
    adapt_online: bool = True
    max_rounds: int = 20


class HeadwayModel(nn.Module):
    cfg: LineConfig

    @nn.compact
    def __call__(self, occupancy):
        h = nn.Dense(24)(occupancy)
        h = nn.BatchNorm(use_running_average=not self.cfg.adapt_online)(h)
        return jax.nn.sigmoid(nn.Dense(self.cfg.blocks)(nn.relu(h)))


class ModelRepository:
    def __init__(self):
        self._rows = {}

    def add(self, name, module, variables):
        self._rows[name] = (module, variables)

    def get(self, name):
        return self._rows[name]


class SignalUnitOfWork:
    def __init__(self, repository):
        self.repository = repository
        self._bound = {}

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._bound.clear()

    def model(self, name):
        if name not in self._bound:
            module, variables = self.repository.get(name)
            self._bound[name] = module.bind(variables)
        return self._bound[name]


class BlockSignaller:
    def __init__(self, cfg):
        self.cfg = cfg

    def settle(self, uow, occupancy):
        headway = uow.model("headway")

        def cond(state):
            _, rounds, change = state
            return (rounds < self.cfg.max_rounds) & (change > 1e-2)

        def body(state):
            occ, rounds, _ = state
            new = 0.5 * occ + 0.5 * headway(occ)
            return new, rounds + 1, jnp.max(jnp.abs(new - occ))

        return lax.while_loop(cond, body, (occupancy, 0, jnp.ones(())))[0]


def main():
    cfg = LineConfig()
    occupancy = jax.random.uniform(jax.random.key(0), (3, cfg.blocks))
    module = HeadwayModel(cfg)
    repository = ModelRepository()
    repository.add("headway", module, module.init(jax.random.key(1), occupancy))
    with SignalUnitOfWork(repository) as uow:
        BlockSignaller(cfg).settle(uow, occupancy)
    return None
