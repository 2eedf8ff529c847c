# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 RolloutWorker's raw scan body calls self.agent.act, which reaches agent.policy's NoisyLinear and draws from its nnx.Rngs 'noise' stream
"""NoisyNet exploration: an NNX Q-network with noisy layers, rolled out against a toy environment."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class NoisyLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs, sigma0: float = 0.5):
        self.mu = nnx.Linear(din, dout, rngs=rngs)
        self.sigma_w = nnx.Param(jnp.full((din, dout), sigma0 / jnp.sqrt(din)))
        self.rngs = rngs

    def __call__(self, x):
        eps = jax.random.normal(self.rngs.noise(), self.sigma_w.value.shape)
        return self.mu(x) + x @ (self.sigma_w.value * eps)


class QNetwork(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs: nnx.Rngs):
        self.torso = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.head = NoisyLinear(16, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.head(nnx.relu(self.torso(obs)))


class Agent:
    def __init__(self, obs_dim, n_actions, seed=0):
        self.policy = QNetwork(obs_dim, n_actions, rngs=nnx.Rngs(params=seed, noise=seed + 1))

    def act(self, obs):
        return jnp.argmax(self.policy(obs), axis=-1)


@dataclasses.dataclass(frozen=True)
class EnvConfig:
    obs_dim: int = 4
    n_actions: int = 3
    num_envs: int = 2
    horizon: int = 6


def env_step(obs, action):
    next_obs = jnp.roll(obs, 1, axis=-1) + 0.1 * action[:, None]
    reward = -jnp.abs(next_obs).mean(-1)
    return next_obs, reward


class RolloutWorker:
    def __init__(self, agent: Agent, cfg: EnvConfig):
        self.agent = agent
        self.cfg = cfg

    def rollout(self, obs0):
        def body(obs, _):
            action = self.agent.act(obs)
            obs, reward = env_step(obs, action)
            return obs, reward

        _, rewards = scan(body, obs0, None, length=self.cfg.horizon)
        return rewards.sum(0)


def main():
    cfg = EnvConfig()
    worker = RolloutWorker(Agent(cfg.obs_dim, cfg.n_actions), cfg)
    obs0 = jnp.ones((cfg.num_envs, cfg.obs_dim))
    print(worker.rollout(obs0))
    return None
