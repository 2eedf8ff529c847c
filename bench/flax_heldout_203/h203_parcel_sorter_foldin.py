# label: ok
# flax-error: none
# class: 4 the SortingService's self.adapter.explore(...) applies the policy with rngs={'dropout': fold_in(self.cfg.explore_key, step)} from a frozen config in every while_loop step
"""Parcel sorting robots: a routing policy scores chutes for each incoming tote, with dropout
kept on as exploration noise during the shadow-deployment phase."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


@dataclasses.dataclass(frozen=True)
class ShadowConfig:
    explore_key: jax.Array
    explore_rate: float = 0.3
    totes: int = 6


class ChutePolicy(nn.Module):
    chutes: int = 5
    rate: float = 0.3

    @nn.compact
    def __call__(self, tote, explore: bool = False):
        h = nn.relu(nn.Dense(16)(tote))
        h = nn.Dropout(self.rate, deterministic=not explore)(h)
        return nn.Dense(self.chutes)(h)


class PolicyAdapter:
    def __init__(self, policy, variables, cfg):
        self.policy = policy
        self.variables = variables
        self.cfg = cfg

    def explore(self, tote, step):
        rngs = {"dropout": jax.random.fold_in(self.cfg.explore_key, step)}
        return self.policy.apply(self.variables, tote, explore=True, rngs=rngs)


class SortingService:
    def __init__(self, adapter, cfg):
        self.adapter = adapter
        self.cfg = cfg

    def shadow_run(self, tote):
        chutes = self.adapter.policy.chutes
        scores = jnp.zeros((self.cfg.totes, chutes))

        def cond(state):
            return state[0] < self.cfg.totes

        def body(state):
            step, scores = state
            return step + 1, scores.at[step].set(self.adapter.explore(tote, step))

        return while_loop(cond, body, (jnp.array(0), scores))[1]


def main():
    cfg = ShadowConfig(explore_key=jax.random.key(21))
    policy = ChutePolicy(rate=cfg.explore_rate)
    tote = jax.random.normal(jax.random.key(3), (4,))
    variables = policy.init(jax.random.key(0), tote)
    service = SortingService(PolicyAdapter(policy, variables, cfg), cfg)
    return service.shadow_run(tote)
