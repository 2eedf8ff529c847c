# label: same-values
# flax-error: none
# class: 5 each Arm keeps functools.partial(model.apply, variables, rngs={"dropout": key}) built once at registration; the harness's scan body calls arm.score every round
"""Recommendation A/B test harness: replays a fixed user cohort against each ranking arm."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class RankingTower(nn.Module):
    hidden: int = 32
    exploration: float = 0.3

    @nn.compact
    def __call__(self, users, items, explore: bool = True):
        u = nn.Dense(self.hidden)(users)
        v = nn.Dense(self.hidden)(items)
        h = nn.Dropout(self.exploration, deterministic=not explore)(u[:, None, :] * v[None, :, :])
        return nn.Dense(1)(h)[..., 0]


class Arm:
    def __init__(self, name, model, variables, key):
        self.name = name
        self._score = partial(model.apply, variables, rngs={"dropout": key})

    def score(self, users, items, round_index):
        return self._score(users, items)


class ABHarness:
    def __init__(self):
        self.arms = []

    def add_arm(self, arm):
        self.arms.append(arm)

    def replay(self, cohort, items, rounds):
        def one_round(clicks, round_index):
            ctr = jnp.stack([jax.nn.sigmoid(arm.score(cohort, items, round_index)).max(-1).mean() for arm in self.arms])
            return clicks + ctr, ctr

        _, per_round = scan(one_round, jnp.zeros(len(self.arms)), jnp.arange(rounds))
        return per_round


def main():
    k_init, k_users, k_items = jax.random.split(jax.random.key(0), 3)
    cohort = jax.random.normal(k_users, (16, 8))
    items = jax.random.normal(k_items, (12, 8))
    harness = ABHarness()
    for i, rate in enumerate((0.1, 0.3)):
        model = RankingTower(exploration=rate)
        variables = model.init(jax.random.fold_in(k_init, i), cohort, items, explore=False)
        harness.add_arm(Arm(f"arm-{i}", model, variables, jax.random.key(100 + i)))
    return harness.replay(cohort, items, rounds=6)
