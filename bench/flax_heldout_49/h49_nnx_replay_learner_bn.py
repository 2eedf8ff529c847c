# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a Learner's target network (a deep copy of the online QNet with BatchNorm, left in train mode) is called in a fori_loop body over replay minibatches
"""DQN learner: sample minibatches from a replay buffer and compute bootstrapped targets with
a target network copied from the online network."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class QNet(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs):
        self.torso = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, rngs=rngs)
        self.head = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.head(nnx.relu(self.norm(self.torso(obs))))


@dataclass
class ReplayBuffer:
    obs: jax.Array
    rewards: jax.Array

    def minibatches(self, size):
        n = self.obs.shape[0] // size
        return self.obs[: n * size].reshape(n, size, -1), self.rewards[: n * size].reshape(n, size)


class Learner:
    def __init__(self, online: QNet, gamma=0.99):
        self.online = online
        self.target = nnx.clone(online)
        self.gamma = gamma

    def targets(self, buffer: ReplayBuffer, size=8):
        obs, rew = buffer.minibatches(size)
        out = jnp.zeros(rew.shape)

        def body(i, out):
            q_next = self.target(obs[i])
            return out.at[i].set(rew[i] + self.gamma * q_next.max(-1))

        return fori_loop(0, obs.shape[0], body, out)


def main():
    buffer = ReplayBuffer(jax.random.normal(jax.random.key(0), (32, 4)), jnp.ones((32,)))
    learner = Learner(QNet(4, 2, nnx.Rngs(0)))
    learner.targets(buffer)
    return None
