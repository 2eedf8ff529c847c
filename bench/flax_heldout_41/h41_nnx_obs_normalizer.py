# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the running observation normalizer (nnx.BatchStat) is closed over by the raw lax.scan rollout body, which updates it
"""PPO-style rollout with a running observation normalizer kept in nnx.BatchStat variables."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

OBS_DIM = 6
ACT_DIM = 2


class RunningNorm(nnx.Module):
    def __init__(self, dim: int):
        self.mean = nnx.BatchStat(jnp.zeros(dim))
        self.var = nnx.BatchStat(jnp.ones(dim))
        self.count = nnx.BatchStat(jnp.array(1e-4))

    def __call__(self, obs, update: bool = True):
        if update:
            batch_mean, batch_var, n = obs.mean(0), obs.var(0), obs.shape[0]
            delta = batch_mean - self.mean[...]
            total = self.count[...] + n
            self.mean[...] = self.mean[...] + delta * n / total
            m2 = self.var[...] * self.count[...] + batch_var * n + delta**2 * self.count[...] * n / total
            self.var[...] = m2 / total
            self.count[...] = total
        return (obs - self.mean[...]) / jnp.sqrt(self.var[...] + 1e-8)


class Policy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(OBS_DIM, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, ACT_DIM, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


def env_step(env_state, action):
    env_state = 0.95 * env_state + 0.1 * jnp.pad(action, ((0, 0), (0, OBS_DIM - ACT_DIM)))
    reward = -jnp.sum(env_state**2, axis=-1)
    return env_state, env_state, reward


def rollout(policy, normalizer, env_state, num_steps):
    def step(env_state, _):
        obs = normalizer(env_state)
        action = policy(obs)
        env_state, _, reward = env_step(env_state, action)
        return env_state, reward

    return lax.scan(step, env_state, None, length=num_steps)


def main():
    policy = Policy(nnx.Rngs(0))
    normalizer = RunningNorm(OBS_DIM)
    env_state = jax.random.normal(jax.random.PRNGKey(1), (8, OBS_DIM))
    _, rewards = rollout(policy, normalizer, env_state, num_steps=16)
    rewards.block_until_ready()
    return None
