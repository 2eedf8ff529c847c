# label: same-values
# flax-error: none
# class: 4 EnsembleScheduler reaches sampler.bound (model.bind(variables, rngs={'dropout': key})) through operator.attrgetter; the fori_loop body calls it once per member
"""Tidal energy yield: Monte-Carlo dropout members of a tidal-stream surrogate are scheduled
for one forcing scenario to put an uncertainty band on turbine output."""
import operator
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class TidalConfig:
    turbines: int = 6
    members: int = 6
    dropout: float = 0.25


class TidalSurrogate(nn.Module):
    cfg: TidalConfig

    @nn.compact
    def __call__(self, forcing):
        h = nn.relu(nn.Dense(32)(forcing))
        h = nn.Dropout(self.cfg.dropout, deterministic=False)(h)
        return nn.softplus(nn.Dense(self.cfg.turbines)(h))


class MemberSampler:
    def __init__(self, model, variables, key):
        self.bound = model.bind(variables, rngs={"dropout": key})


class EnsembleScheduler:
    member_getter = staticmethod(operator.attrgetter("sampler.bound"))

    def __init__(self, cfg, sampler):
        self.cfg = cfg
        self.sampler = sampler

    def run(self, forcing):
        member = self.member_getter(self)

        def body(i, yields):
            return yields.at[i].set(member(forcing))

        empty = jnp.zeros((self.cfg.members, forcing.shape[0], self.cfg.turbines))
        return lax.fori_loop(0, self.cfg.members, body, empty)


def main():
    cfg = TidalConfig()
    model = TidalSurrogate(cfg)
    forcing = jax.random.normal(jax.random.key(0), (3, 4))  # spring, neap, storm surge
    variables = model.init({"params": jax.random.key(1), "dropout": jax.random.key(2)}, forcing)
    scheduler = EnsembleScheduler(cfg, MemberSampler(model, variables, jax.random.key(3)))
    return scheduler.run(forcing)
