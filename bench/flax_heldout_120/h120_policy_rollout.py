# label: same-values
# flax-error: none
# class: 4 the scan body reaches the policy, its params and its sampling key through Runner.agent
"""Rolling out a stochastic policy on a contextual bandit with jax.lax.scan.

Modelled on RL questions where the rollout always picks the same arm: the runner's step
function applies the agent's policy with the agent's stored key on every step.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

N_ARMS = 5


class Policy(nn.Module):
    n_arms: int = N_ARMS

    @nn.compact
    def __call__(self, obs):
        logits = nn.Dense(self.n_arms)(nn.tanh(nn.Dense(16)(obs)))
        return jax.random.categorical(self.make_rng("sample"), logits)


class Agent:
    def __init__(self, policy, params, key):
        self.policy = policy
        self.params = params
        self.key = key


class Runner:
    def __init__(self, agent, contexts, arm_means):
        self.agent = agent
        self.contexts = contexts
        self.arm_means = arm_means

    def rollout(self, steps):
        def step(total, _):
            action = self.agent.policy.apply(
                self.agent.params, self.contexts, rngs={"sample": self.agent.key}
            )
            reward = self.arm_means[action]
            return total + reward.sum(), action

        total, actions = scan(step, 0.0, None, length=steps)
        return actions


def main():
    policy = Policy()
    contexts = jax.random.normal(jax.random.key(0), (4, 3))
    params = policy.init({"params": jax.random.key(1), "sample": jax.random.key(2)}, contexts)
    agent = Agent(policy, params, jax.random.key(3))
    runner = Runner(agent, contexts, jnp.linspace(0.0, 1.0, N_ARMS))
    return runner.rollout(6)
