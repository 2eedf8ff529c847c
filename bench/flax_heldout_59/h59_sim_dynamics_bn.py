# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 environment rolls out a learned BatchNorm dynamics model through a jax.checkpoint'ed scan body, applied in train mode without mutable
"""A simulation environment whose transition function is a learned dynamics model."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Dynamics(nn.Module):
    state_dim: int = 4
    hidden: int = 32

    @nn.compact
    def __call__(self, state, action, train: bool = False):
        x = jnp.concatenate([state, action], axis=-1)
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.swish(x)
        return state + nn.Dense(self.state_dim)(x)


@dataclasses.dataclass
class EnvConfig:
    horizon: int = 10
    n_envs: int = 3
    train_model: bool = True


class LearnedEnv:
    def __init__(self, model, variables, config):
        self.model = model
        self.variables = variables
        self.config = config

    def step(self, state, action):
        next_state = self.model.apply(self.variables, state, action, train=self.config.train_model)
        reward = -jnp.sum(next_state ** 2, axis=-1)
        return next_state, reward

    def rollout(self, state0, actions):
        @jax.checkpoint
        def body(state, action):
            state, reward = self.step(state, action)
            return state, reward

        return lax.scan(body, state0, actions)


def main():
    cfg = EnvConfig()
    model = Dynamics()
    s0 = jnp.ones((cfg.n_envs, 4))
    a = jnp.zeros((cfg.n_envs, 2))
    variables = model.init(jax.random.key(0), s0, a)
    env = LearnedEnv(model, variables, cfg)
    actions = jax.random.normal(jax.random.key(1), (cfg.horizon, cfg.n_envs, 2))
    final, rewards = env.rollout(s0, actions)
    print(float(rewards.sum()))
    return None
