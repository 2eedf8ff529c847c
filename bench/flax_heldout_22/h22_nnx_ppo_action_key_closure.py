# label: same-values
# flax-error: none
# class: 4 make_env_step factory draws agent.rngs.action() once and the jitted rollout's raw lax.scan body (_env_step -> agent.sample_action) closes over that key
# modelled on: luchris429/purejaxrl ppo_continuous_action.py (_env_step under jax.lax.scan) and charleseff/hack-matrix python/hackmatrix/purejaxrl/train.py
"""Collecting a trajectory with a Gaussian NNX actor-critic (PureJaxRL-style rollout)."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class PPOConfig:
    num_steps: int = 6
    obs_dim: int = 4
    action_dim: int = 2


class ActorCritic(nnx.Module):
    def __init__(self, cfg, rngs: nnx.Rngs):
        self.actor = nnx.Linear(cfg.obs_dim, cfg.action_dim, rngs=rngs)
        self.critic = nnx.Linear(cfg.obs_dim, 1, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((cfg.action_dim,), -0.5))
        self.rngs = rngs

    def sample_action(self, obs, key):
        mean = jnp.tanh(self.actor(obs))
        eps = jax.random.normal(key, mean.shape)
        return mean + jnp.exp(self.log_std[...]) * eps, eps, self.critic(obs)[..., 0]


def env_step(obs, action):
    next_obs = 0.95 * obs + 0.05 * jnp.concatenate([action, -action], axis=-1)
    return next_obs, -jnp.sum(next_obs**2, axis=-1)


def make_env_step(agent, cfg):
    action_key = agent.rngs.action()

    def _env_step(obs, _):
        action, eps, value = agent.sample_action(obs, action_key)
        next_obs, reward = env_step(obs, action)
        return next_obs, (action, eps, value, reward)

    @jax.jit
    def rollout(obs):
        return jax.lax.scan(_env_step, obs, None, length=cfg.num_steps)

    return rollout


def main():
    cfg = PPOConfig()
    agent = ActorCritic(cfg, rngs=nnx.Rngs(params=0, action=1))
    rollout = make_env_step(agent, cfg)
    _, (actions, eps, values, rewards) = rollout(jnp.ones(cfg.obs_dim))
    rewards.block_until_ready()
    return eps
