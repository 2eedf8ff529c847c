# label: ok
# flax-error: none
# class: 3 Agent.rollout (jax.jit) raw scan body calls self.policy.apply(..., method=Policy.explore, rngs={'explore': key}) with per-step keys split from config.explore_key and scanned as xs
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass
class AgentConfig:
    horizon: int = 6
    act_dim: int = 2
    explore_std: float = 0.3
    explore_key: jax.Array = field(default_factory=lambda: jax.random.key(7))


class Policy(nn.Module):
    act_dim: int

    @nn.compact
    def __call__(self, obs):
        return jnp.tanh(nn.Dense(self.act_dim, name="mean")(obs))

    def explore(self, obs, std):
        mean = self(obs)
        noise = std * jax.random.normal(self.make_rng("explore"), mean.shape)
        return mean + noise, noise


def env_step(obs, action):
    return 0.9 * obs + 0.1 * jnp.concatenate([action, action], axis=-1)


class Agent:
    def __init__(self, config: AgentConfig, obs_dim: int):
        self.config = config
        self.policy = Policy(config.act_dim)
        self.params = self.policy.init(jax.random.key(0), jnp.zeros((1, obs_dim)))

    def _rollout(self, params, obs):
        def body(obs, key):
            action, noise = self.policy.apply(
                params, obs, self.config.explore_std, method=Policy.explore,
                rngs={"explore": key},
            )
            return env_step(obs, action), noise

        keys = jax.random.split(self.config.explore_key, self.config.horizon)
        return lax.scan(body, obs, keys)

    def rollout(self, obs):
        return jax.jit(self._rollout)(self.params, obs)


def main():
    agent = Agent(AgentConfig(), obs_dim=4)
    _, noise = agent.rollout(jnp.ones((1, 4)))
    return noise
