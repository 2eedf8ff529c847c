# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/normalizer" because collection "obs_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 make_rollout factory -> jitted rollout -> fori_loop body -> policy_step -> policy.apply(update_stats=cfg.update_normalizer), which writes "obs_stats"
# modelled on: google/brax training/acme/running_statistics.py (observation normalizer) and luchris429/purejaxrl ppo_continuous_action.py (_env_step rollout)
"""Evaluation rollout of a PPO policy with a running observation normalizer."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class RolloutConfig:
    num_steps: int = 8
    obs_dim: int = 3
    update_normalizer: bool = True


class RunningNorm(nn.Module):
    @nn.compact
    def __call__(self, obs, update: bool):
        mean = self.variable("obs_stats", "mean", jnp.zeros, obs.shape[-1:])
        var = self.variable("obs_stats", "var", jnp.ones, obs.shape[-1:])
        count = self.variable("obs_stats", "count", lambda: jnp.array(1e-4))
        if update and not self.is_initializing():
            new_count = count.value + 1.0
            delta = obs - mean.value
            mean.value = mean.value + delta / new_count
            var.value = var.value + (delta * (obs - mean.value) - var.value) / new_count
            count.value = new_count
        return jnp.clip((obs - mean.value) / jnp.sqrt(var.value + 1e-8), -10.0, 10.0)


class Policy(nn.Module):
    action_dim: int = 1

    @nn.compact
    def __call__(self, obs, update_stats: bool = False):
        x = RunningNorm(name="normalizer")(obs, update_stats)
        x = nn.tanh(nn.Dense(32)(x))
        return nn.tanh(nn.Dense(self.action_dim)(x))


def env_step(state, action):
    state = 0.9 * state + 0.1 * jnp.concatenate([action, action, -action])
    return state, -jnp.sum(state**2)


def make_rollout(policy, cfg):
    def policy_step(variables, obs):
        return policy.apply(variables, obs, update_stats=cfg.update_normalizer)

    def rollout(variables, env_state):
        def body(t, carry):
            env_state, episode_return = carry
            action = policy_step(variables, env_state)
            env_state, reward = env_step(env_state, action)
            return env_state, episode_return + reward

        return jax.lax.fori_loop(0, cfg.num_steps, body, (env_state, 0.0))

    return jax.jit(rollout)


def main():
    cfg = RolloutConfig()
    policy = Policy()
    variables = policy.init(jax.random.key(0), jnp.zeros(cfg.obs_dim))
    rollout = make_rollout(policy, cfg)
    _, episode_return = rollout(variables, jnp.ones(cfg.obs_dim))
    print("return", float(episode_return))
    return None
