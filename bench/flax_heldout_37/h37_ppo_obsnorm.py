# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/RunningNorm_0" because collection "obs_norm" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a RolloutWorker dataclass binds the agent with agent.bind(variables) and its rollout's raw scan body calls the bound policy, whose running observation normalizer updates 'obs_norm'
"""PPO-style data collection with a running observation normalizer (as in cleanrl / brax)."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

OBS_DIM, N_ACT = 3, 4


class RunningNorm(nn.Module):
    @nn.compact
    def __call__(self, x, update: bool = True):
        mean = self.variable("obs_norm", "mean", jnp.zeros, x.shape[-1:])
        var = self.variable("obs_norm", "var", jnp.ones, x.shape[-1:])
        count = self.variable("obs_norm", "count", lambda: jnp.array(1e-4))
        if update and not self.is_initializing():
            b_mean, b_var, b_n = x.mean(0), x.var(0), x.shape[0]
            delta, tot = b_mean - mean.value, count.value + b_n
            new_mean = mean.value + delta * b_n / tot
            m2 = var.value * count.value + b_var * b_n + delta**2 * count.value * b_n / tot
            mean.value, var.value, count.value = new_mean, m2 / tot, tot
        return (x - mean.value) / jnp.sqrt(var.value + 1e-8)


class Agent(nn.Module):
    @nn.compact
    def __call__(self, obs):
        x = RunningNorm()(obs)
        x = nn.tanh(nn.Dense(32)(x))
        return nn.Dense(N_ACT)(x), nn.Dense(1)(x)[..., 0]


def env_step(pos, action):
    moves = jnp.array([[1.0, 0, 0], [-1.0, 0, 0], [0, 1.0, 0], [0, -1.0, 0]])
    pos = pos + 0.1 * moves[action]
    return pos, -jnp.linalg.norm(pos, axis=-1)


@dataclasses.dataclass
class RolloutWorker:
    agent: nn.Module
    num_envs: int = 4
    num_steps: int = 8

    def rollout(self, variables, key):
        policy = self.agent.bind(variables)
        pos0 = jnp.ones((self.num_envs, OBS_DIM))

        def step(pos, k):
            logits, value = policy(pos)
            action = jax.random.categorical(k, logits)
            pos, reward = env_step(pos, action)
            return pos, (action, reward, value)

        _, traj = jax.lax.scan(step, pos0, jax.random.split(key, self.num_steps))
        return traj


def main():
    agent = Agent()
    variables = agent.init(jax.random.key(0), jnp.zeros((4, OBS_DIM)))
    worker = RolloutWorker(agent)
    actions, rewards, values = worker.rollout(variables, jax.random.key(1))
    print(rewards.sum(0))
