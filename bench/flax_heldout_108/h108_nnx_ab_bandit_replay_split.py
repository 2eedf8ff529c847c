# label: ok
# flax-error: none
# class: 4 ABTestHarness.arms -> Arm.explore_key drawn once from the nnx.Rngs "explore" stream at registration; the keys enter the lax.scan carry and are split every step before arm.pick
"""Recommendation A/B test harness (NNX): replays a fixed cohort against exploring ranking policies."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ArmPolicy(nnx.Module):
    def __init__(self, context_dim, n_items, rngs: nnx.Rngs):
        self.user = nnx.Linear(context_dim, 16, rngs=rngs)
        self.items = nnx.Linear(16, n_items, rngs=rngs)

    def __call__(self, context):
        return self.items(nnx.relu(self.user(context)))


class Arm:
    def __init__(self, name, policy, rngs: nnx.Rngs, temperature=0.7):
        self.name = name
        self.policy = policy
        self.temperature = temperature
        self.explore_key = rngs.explore()

    def pick(self, context, key):
        return jax.random.categorical(key, self.policy(context) / self.temperature)


class ABTestHarness:
    def __init__(self):
        self.arms = []

    def register(self, arm):
        self.arms.append(arm)

    def replay(self, cohort, rounds):
        def body(keys, _):
            pairs = [jax.random.split(key) for key in keys]
            picks = jnp.stack([arm.pick(cohort, sub) for arm, (_, sub) in zip(self.arms, pairs)])
            return [key for key, _ in pairs], picks

        keys = [arm.explore_key for arm in self.arms]
        _, picks = lax.scan(body, keys, None, length=rounds)
        return picks


def main():
    rngs = nnx.Rngs(params=0, explore=1)
    harness = ABTestHarness()
    for name in ("control", "treatment"):
        harness.register(Arm(name, ArmPolicy(6, 20, rngs=rngs), rngs))
    cohort = jax.random.normal(jax.random.key(5), (16, 6))
    return harness.replay(cohort, rounds=5)
