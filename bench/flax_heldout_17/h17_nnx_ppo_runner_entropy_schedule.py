# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a RolloutRunner object scans a body that calls policy.act, which advances the policy's StepCount variable used for the exploration schedule
"""PPO rollout with an NNX categorical policy whose exploration temperature anneals with steps."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class StepCount(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class RunnerConfig:
    obs_dim: int = 4
    num_actions: int = 3
    hidden: int = 32
    horizon: int = 8
    anneal_steps: float = 100.0


class CategoricalPolicy(nnx.Module):
    def __init__(self, cfg: RunnerConfig, *, rngs: nnx.Rngs):
        self.torso = nnx.Sequential(nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs), nnx.tanh)
        self.logits = nnx.Linear(cfg.hidden, cfg.num_actions, rngs=rngs)
        self.value = nnx.Linear(cfg.hidden, 1, rngs=rngs)
        self.steps = StepCount(jnp.array(0.0))
        self.anneal_steps = cfg.anneal_steps

    def temperature(self):
        return jnp.maximum(0.1, 1.0 - self.steps[...] / self.anneal_steps)

    def act(self, obs, key):
        h = self.torso(obs)
        logits = self.logits(h) / self.temperature()
        action = jax.random.categorical(key, logits)
        self.steps[...] = self.steps[...] + 1
        return action, jax.nn.log_softmax(logits)[action], self.value(h)[0]


class RolloutRunner:
    def __init__(self, policy: CategoricalPolicy, cfg: RunnerConfig):
        self.policy = policy
        self.cfg = cfg

    @staticmethod
    def env_step(obs, action):
        nxt = jnp.roll(obs, 1) * 0.9 + 0.1 * (action - 1.0)
        return nxt, -jnp.abs(nxt).sum()

    def collect(self, obs, key):
        keys = jax.random.split(key, self.cfg.horizon)

        def body(obs, k):
            action, logp, value = self.policy.act(obs, k)
            nxt, reward = self.env_step(obs, action)
            return nxt, (action, logp, value, reward)

        _, traj = jax.lax.scan(body, obs, keys)
        return traj


def main():
    cfg = RunnerConfig()
    runner = RolloutRunner(CategoricalPolicy(cfg, rngs=nnx.Rngs(0)), cfg)
    actions, logp, values, rewards = runner.collect(jnp.ones((cfg.obs_dim,)), jax.random.key(1))
    print("return", rewards.sum())
    return actions
