# label: ok
# flax-error: none
# class: 3 an Agent object's act method calls model.apply on the params it is given, from collect_rollout's scan body with keys folded with the step index
"""PPO-style rollout collection for a Gaussian actor-critic on a point-mass task."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class PPOConfig:
    obs_dim: int = 4
    act_dim: int = 2
    hidden: int = 32
    horizon: int = 8


class ActorCritic(nn.Module):
    cfg: PPOConfig

    def setup(self):
        self.torso = [nn.Dense(self.cfg.hidden), nn.Dense(self.cfg.hidden)]
        self.actor_mean = nn.Dense(self.cfg.act_dim)
        self.critic = nn.Dense(1)
        self.log_std = self.param("log_std", nn.initializers.constant(-0.5), (self.cfg.act_dim,))

    def __call__(self, obs):
        h = obs
        for layer in self.torso:
            h = nn.tanh(layer(h))
        return self.actor_mean(h), self.log_std, self.critic(h).squeeze(-1)


class Agent:
    def __init__(self, model):
        self.model = model

    def act(self, params, obs, key):
        mean, log_std, value = self.model.apply({"params": params}, obs)
        action = mean + jnp.exp(log_std) * jax.random.normal(key, mean.shape)
        logp = -0.5 * jnp.sum(((action - mean) / jnp.exp(log_std)) ** 2 + 2 * log_std + jnp.log(2 * jnp.pi), -1)
        return action, logp, value


def env_step(state, action):
    pos, vel = state[:2], state[2:]
    vel = 0.9 * vel + 0.1 * jnp.clip(action, -1, 1)
    pos = pos + 0.1 * vel
    return jnp.concatenate([pos, vel]), -jnp.sum(pos ** 2)


def collect_rollout(agent, params, state, key, horizon):
    def body(state, t):
        action, logp, value = agent.act(params, state, jax.random.fold_in(key, t))
        next_state, reward = env_step(state, action)
        return next_state, {"obs": state, "action": action, "logp": logp, "value": value, "reward": reward}

    _, traj = jax.lax.scan(body, state, jnp.arange(horizon))
    return traj


def main():
    cfg = PPOConfig()
    model = ActorCritic(cfg)
    state = jnp.array([1.0, -0.5, 0.0, 0.0])
    params = model.init(jax.random.key(0), state)["params"]
    traj = collect_rollout(Agent(model), params, state, jax.random.key(1), cfg.horizon)
    print("return", traj["reward"].sum())
    return traj["action"]
