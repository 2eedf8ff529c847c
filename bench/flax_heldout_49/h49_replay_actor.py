# label: same-values
# flax-error: none
# class: 2 an Actor object stores a functools.partial of policy.apply with one exploration key; the scan rollout body calls it every step
"""Actor/learner split as in small RL libraries: the Actor owns the policy params and an
exploration key and rolls the policy out with lax.scan to fill a replay buffer."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class NoisyPolicy(nn.Module):
    action_dim: int
    sigma: float = 0.3

    @nn.compact
    def __call__(self, obs):
        mean = nn.tanh(nn.Dense(self.action_dim)(nn.relu(nn.Dense(32)(obs))))
        noise = self.sigma * jax.random.normal(self.make_rng("explore"), mean.shape)
        return mean, noise


@dataclass
class ReplayBuffer:
    noise: list

    def add(self, batch):
        self.noise.append(batch)


class Actor:
    def __init__(self, policy, params, key):
        self.policy = policy
        self._act = functools.partial(policy.apply, params, rngs={"explore": key})

    def rollout(self, obs, horizon):
        def step(o, _):
            mean, noise = self._act(o)
            next_obs = o + 0.1 * jnp.pad(mean + noise, ((0, 0), (0, o.shape[-1] - mean.shape[-1])))
            return next_obs, noise

        _, noise = lax.scan(step, obs, None, length=horizon)
        return noise


def main():
    policy = NoisyPolicy(action_dim=2)
    obs = jnp.zeros((4, 6))
    params = policy.init({"params": jax.random.key(0), "explore": jax.random.key(1)}, obs)
    actor = Actor(policy, params, jax.random.key(2))
    buffer = ReplayBuffer([])
    noise = actor.rollout(obs, horizon=8)
    buffer.add(noise)
    return noise
