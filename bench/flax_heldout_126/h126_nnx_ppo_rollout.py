# label: same-values
# flax-error: none
# class: 4 the scan body calls agent.act(obs), which calls self.policy.sample(obs, nnx.Rngs(action=self.key)) with the Agent's stored key
"""PPO rollout collection with an NNX Gaussian actor-critic.

The Agent holds the policy and a PRNG key; act() samples an action through a fresh
nnx.Rngs built from that key.  collect() runs the rollout with a raw lax.scan and keeps
the sampling noise and log-probabilities for the PPO ratio.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

OBS_DIM, ACT_DIM, HORIZON = 4, 2, 8


class ActorCritic(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.torso = nnx.Linear(OBS_DIM, 32, rngs=rngs)
        self.mu = nnx.Linear(32, ACT_DIM, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((ACT_DIM,), -0.5))
        self.critic = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, obs):
        h = jnp.tanh(self.torso(obs))
        return self.mu(h), self.log_std.value, self.critic(h)[..., 0]

    def sample(self, obs, rngs: nnx.Rngs):
        mean, log_std, value = self(obs)
        noise = jax.random.normal(rngs.action(), mean.shape)
        action = mean + jnp.exp(log_std) * noise
        logp = jnp.sum(-0.5 * noise**2 - log_std - 0.5 * jnp.log(2 * jnp.pi), -1)
        return action, logp, value, noise


class Agent:
    def __init__(self, policy, seed):
        self.policy = policy
        self.key = jax.random.key(seed)

    def act(self, obs):
        return self.policy.sample(obs, nnx.Rngs(action=self.key))


def env_step(obs, action):
    return 0.95 * obs + 0.1 * jnp.concatenate([action, -action], -1)


def collect(agent, obs0):
    def body(obs, _):
        action, logp, value, noise = agent.act(obs)
        return env_step(obs, action), {"noise": noise, "logp": logp}

    _, rollout = scan(body, obs0, None, length=HORIZON)
    return rollout


def main():
    agent = Agent(ActorCritic(nnx.Rngs(0)), seed=1)
    rollout = collect(agent, jnp.zeros(OBS_DIM))
    return rollout
