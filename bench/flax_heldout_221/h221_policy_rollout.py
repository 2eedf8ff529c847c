# label: same-values
# flax-error: none
# class: 3 the scan body applies agent.policy with rngs={'action': agent.key}, a key stored on the Agent object
"""REINFORCE rollout with a Gaussian policy.

Modelled on "my policy gradient agent never explores": the rollout is a raw
jax.lax.scan over environment steps, the policy is applied with the agent's
stored key, and the exploration noise is identical at every step.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class GaussianPolicy(nn.Module):
    act_dim: int = 2

    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(32)(obs))
        mu = nn.Dense(self.act_dim)(h)
        log_std = self.param('log_std', nn.initializers.zeros, (self.act_dim,))
        eps = jax.random.normal(self.make_rng('action'), mu.shape)
        action = mu + jnp.exp(log_std) * eps
        logp = -0.5 * jnp.sum(eps ** 2 + 2 * log_std + jnp.log(2 * jnp.pi))
        return action, logp, eps


class Agent:
    def __init__(self, seed):
        self.policy = GaussianPolicy()
        self.key = jax.random.PRNGKey(seed)
        self.params = self.policy.init(
            {'params': jax.random.PRNGKey(seed + 1), 'action': self.key}, jnp.zeros(3))


def env_step(obs, action):
    # point mass pushed by the action, reward for staying near the origin
    vel = obs[2:] * 0.9 + 0.1 * action[:1]
    pos = obs[:2] + 0.1 * action
    new_obs = jnp.concatenate([pos, vel])
    return new_obs, -jnp.sum(pos ** 2)


def rollout(agent, obs0, horizon=16):
    def body(obs, t):
        action, logp, eps = agent.policy.apply(agent.params, obs, rngs={'action': agent.key})
        obs, reward = env_step(obs, action)
        return obs, (reward, logp, eps)

    _, (rewards, logps, eps) = jax.lax.scan(body, obs0, jnp.arange(horizon))
    return rewards, logps, eps


def main():
    agent = Agent(0)
    obs0 = jnp.array([1.0, -0.5, 0.0])
    rewards, logps, eps = rollout(agent, obs0)
    return eps
