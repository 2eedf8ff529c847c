# label: ok
# flax-error: none
# class: 4 the WeightedCombiner asks its RiskEnsemble for each member's MC-dropout sample inside the fori_loop body; the frozen SamplingConfig's key is carried by the loop and split every sample
"""Wildfire ignition-risk ensemble whose members are combined by a weighted combiner.

Each member is an NNX network with dropout; the ensemble draws Monte Carlo dropout samples
from every member and the combiner weights them by each member's validation skill. The
sampling key travels in the fori_loop state and is split once per sample and per member.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class RiskMember(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(features, 10, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.l2 = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, x, *, rngs):
        h = self.drop(nnx.relu(self.l1(x)), deterministic=False, rngs=rngs)
        return nnx.sigmoid(self.l2(h)).squeeze(-1)


@dataclasses.dataclass(frozen=True)
class SamplingConfig:
    samples: int
    key: jax.Array


class RiskEnsemble:
    def __init__(self, members: list[RiskMember], cfg: SamplingConfig):
        self.members = members
        self.cfg = cfg

    def sample_members(self, cells, key):
        keys = jax.random.split(key, len(self.members))
        return jnp.stack([member(cells, rngs=k) for member, k in zip(self.members, keys)])


class WeightedCombiner:
    def __init__(self, ensemble: RiskEnsemble, skill: jax.Array):
        self.ensemble = ensemble
        self.weights = skill / skill.sum()

    def risk_band(self, cells):
        n = self.ensemble.cfg.samples
        maps0 = jnp.zeros((n, cells.shape[0]))

        def body(i, state):
            maps, key = state
            key, sample_key = jax.random.split(key)
            member_maps = self.ensemble.sample_members(cells, sample_key)
            return maps.at[i].set(jnp.tensordot(self.weights, member_maps, axes=1)), key

        maps, _ = lax.fori_loop(0, n, body, (maps0, self.ensemble.cfg.key))
        return maps


def main():
    members = [RiskMember(6, nnx.Rngs(i)) for i in range(3)]
    cfg = SamplingConfig(samples=5, key=jax.random.key(11))
    combiner = WeightedCombiner(RiskEnsemble(members, cfg), skill=jnp.array([0.7, 0.9, 0.6]))
    return combiner.risk_band(jax.random.normal(jax.random.key(2), (8, 6)))
