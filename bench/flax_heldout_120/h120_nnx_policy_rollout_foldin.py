# label: ok
# flax-error: none
# class: 5 make_policy_step returns a step function that closes over the policy and a seed, folding the step index into the key of the nnx.Rngs it builds
"""Rolling out an NNX softmax policy on a contextual bandit with jax.lax.scan.

The step function folds the step index into the seed's key before building `nnx.Rngs`,
so each step samples its actions afresh.
"""
import jax
import jax.numpy as jnp
from flax import nnx

N_ARMS = 4


class Policy(nnx.Module):
    def __init__(self, obs_dim, rngs: nnx.Rngs):
        self.torso = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.logits = nnx.Linear(16, N_ARMS, rngs=rngs)

    def __call__(self, obs, rngs: nnx.Rngs):
        logits = self.logits(nnx.tanh(self.torso(obs)))
        return jax.random.categorical(rngs.action(), logits)


def make_policy_step(policy, contexts, arm_means, seed):
    base_key = jax.random.key(seed)

    def step(total_reward, t):
        action = policy(contexts, nnx.Rngs(action=jax.random.fold_in(base_key, t)))
        reward = arm_means[action]
        return total_reward + reward.sum(), action

    return step


def main():
    policy = Policy(3, nnx.Rngs(params=0))
    contexts = jax.random.normal(jax.random.key(1), (5, 3))
    step = make_policy_step(policy, contexts, jnp.array([0.1, 0.5, 0.2, 0.9]), seed=11)
    _, actions = jax.lax.scan(step, 0.0, jnp.arange(6))
    return actions
