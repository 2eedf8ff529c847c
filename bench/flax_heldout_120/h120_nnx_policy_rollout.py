# label: same-values
# flax-error: none
# class: 5 make_policy_step returns a step function that closes over the policy and a seed and rebuilds nnx.Rngs from it each step
"""Rolling out an NNX softmax policy on a contextual bandit with jax.lax.scan.

Shape of RL questions where the step function is built by a factory and, to avoid touching
the policy's own Rngs inside the loop, creates `nnx.Rngs(seed)` in the body.
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
    def step(total_reward, _):
        action = policy(contexts, nnx.Rngs(action=seed))
        reward = arm_means[action]
        return total_reward + reward.sum(), action

    return step


def main():
    policy = Policy(3, nnx.Rngs(params=0))
    contexts = jax.random.normal(jax.random.key(1), (5, 3))
    step = make_policy_step(policy, contexts, jnp.array([0.1, 0.5, 0.2, 0.9]), seed=11)
    _, actions = jax.lax.scan(step, 0.0, None, length=6)
    return actions
