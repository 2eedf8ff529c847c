# label: ok
# flax-error: none
# class: 4 a rollout factory reads the exploration seed from the agent's config; the scan body builds nnx.Rngs(explore=fold_in(key, t)) from the carried step index
"""Actor/critic rollout with Gaussian exploration noise; the rollout function is built by a factory."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass
class AgentConfig:
    obs_dim: int = 4
    act_dim: int = 2
    explore_std: float = 0.3
    seed: int = 5


class Actor(nnx.Module):
    def __init__(self, cfg: AgentConfig, rngs: nnx.Rngs):
        self.fc = nnx.Linear(cfg.obs_dim, 16, rngs=rngs)
        self.mu = nnx.Linear(16, cfg.act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.mu(nnx.relu(self.fc(obs))))


class Critic(nnx.Module):
    def __init__(self, cfg: AgentConfig, rngs: nnx.Rngs):
        self.fc = nnx.Linear(cfg.obs_dim + cfg.act_dim, 16, rngs=rngs)
        self.q = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, obs, act):
        return self.q(nnx.relu(self.fc(jnp.concatenate([obs, act], -1))))


class Agent:
    def __init__(self, cfg: AgentConfig):
        rngs = nnx.Rngs(params=0)
        self.cfg = cfg
        self.actor = Actor(cfg, rngs)
        self.critic = Critic(cfg, rngs)


def make_rollout(agent: Agent, horizon: int):
    cfg = agent.cfg
    base_key = jax.random.key(cfg.seed)

    def rollout(obs0):
        def body(carry, _):
            obs, t = carry
            rngs = nnx.Rngs(explore=jax.random.fold_in(base_key, t))
            action = agent.actor(obs)
            noise = cfg.explore_std * jax.random.normal(rngs.explore(), action.shape)
            q = agent.critic(obs, action + noise)
            next_obs = obs * 0.9 + q.mean() * 0.01
            return (next_obs, t + 1), noise

        _, noises = lax.scan(body, (obs0, 0), None, length=horizon)
        return noises

    return rollout


def main():
    agent = Agent(AgentConfig())
    rollout = make_rollout(agent, horizon=6)
    return rollout(jnp.ones((2, 4)))
