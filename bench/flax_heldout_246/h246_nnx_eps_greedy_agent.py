# label: same-values
# flax-error: none
# class: 4 the rollout's scan body calls agent.act, which runs agent.policy with an nnx.Rngs built from agent.key
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class EpsilonGreedyPolicy(nnx.Module):
    def __init__(self, obs_dim, num_actions, epsilon, *, rngs: nnx.Rngs):
        self.q = nnx.Sequential(
            nnx.Linear(obs_dim, 32, rngs=rngs), nnx.relu, nnx.Linear(32, num_actions, rngs=rngs))
        self.num_actions = num_actions
        self.epsilon = epsilon

    def __call__(self, obs, rngs: nnx.Rngs):
        greedy = jnp.argmax(self.q(obs), axis=-1)
        explore = jax.random.bernoulli(rngs.explore(), self.epsilon, greedy.shape)
        random_action = jax.random.randint(rngs.action(), greedy.shape, 0, self.num_actions)
        return jnp.where(explore, random_action, greedy)


@dataclasses.dataclass
class Agent:
    policy: EpsilonGreedyPolicy
    key: jax.Array

    def act(self, obs, key):
        return self.policy(obs, nnx.Rngs(explore=key, action=jax.random.fold_in(key, 1)))


def rollout(agent, obs, num_steps):
    def body(carry, _):
        return carry, agent.act(obs, agent.key)

    _, actions = jax.lax.scan(body, None, None, length=num_steps)
    return actions


def main():
    policy = EpsilonGreedyPolicy(5, 4, epsilon=0.6, rngs=nnx.Rngs(0))
    agent = Agent(policy, jax.random.key(3))
    obs = jnp.linspace(-1.0, 1.0, 10).reshape(2, 5)
    return rollout(agent, obs, num_steps=8)
