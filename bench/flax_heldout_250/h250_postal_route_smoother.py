# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body in Depot.dispatch reaches self.router.smoother, an optional (model, variables) tuple built by make_router, and applies it with train=True
"""Route-load scoring for a postal sorting centre's outbound depot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Optional

import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import linen as nn


@dataclass(frozen=True)
class RouterConfig:
    routes: int = 3
    features: int = 4
    smooth_loads: bool = True
    load_limit: float = 4.0


class LoadScorer(nn.Module):
    routes: int

    @nn.compact
    def __call__(self, sacks):
        return jax.nn.softplus(nn.Dense(self.routes)(sacks)).sum(0)


class LoadSmoother(nn.Module):
    @nn.compact
    def __call__(self, sacks, train: bool = False):
        return nn.BatchNorm(use_running_average=not train, momentum=0.9)(sacks)


class Router(NamedTuple):
    scorer: tuple
    smoother: Optional[tuple]


def _build(module, sample, seed, **kwargs):
    return module, module.init(jax.random.key(seed), sample, **kwargs)


def make_router(config: RouterConfig) -> Router:
    sample = jnp.zeros((2, config.features))
    scorer = _build(LoadScorer(config.routes), sample, 0)
    smoother = _build(LoadSmoother(), sample, 1) if config.smooth_loads else None
    return Router(scorer=scorer, smoother=smoother)


class Depot:
    def __init__(self, config: RouterConfig):
        self.config = config
        self.router = make_router(config)

    def dispatch(self, sacks_per_van):
        def more_vans(state):
            van, load = state
            return (van < sacks_per_van.shape[0]) & (load.max() < self.config.load_limit)

        def load_van(state):
            van, load = state
            sacks = sacks_per_van[van]
            if self.router.smoother is not None:
                smoother, smoother_vars = self.router.smoother
                sacks = smoother.apply(smoother_vars, sacks, train=True)
            scorer, scorer_vars = self.router.scorer
            return van + 1, load + scorer.apply(scorer_vars, sacks)

        start = (jnp.int32(0), jnp.zeros((self.config.routes,)))
        return lax.while_loop(more_vans, load_van, start)


def morning_sacks(vans=5, per_van=3, features=4):
    return jnp.sin(jnp.arange(vans * per_van * features, dtype=jnp.float32)).reshape(vans, per_van, features)


def main():
    depot = Depot(RouterConfig())
    vans, load = depot.dispatch(morning_sacks())
    jax.block_until_ready((vans, load))
    return None
