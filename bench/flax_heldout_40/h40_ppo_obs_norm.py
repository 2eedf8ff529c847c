# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/obs_norm" because collection "obs_norm" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Agent._make_step builds the rollout body as a closure over self and Agent.rollout hands it to jax.lax.scan; the body updates running observation statistics in the 'obs_norm' collection
"""On-policy rollout for PPO with running observation normalisation (Brax-style), on a
batch of point-mass environments."""
import jax
import jax.numpy as jnp
import flax.linen as nn


def point_mass_step(state, action, dt=0.05):
    pos, vel = state
    vel = vel + dt * (action - 0.1 * vel)
    pos = pos + dt * vel
    reward = -jnp.sum(pos ** 2, -1) - 0.01 * jnp.sum(action ** 2, -1)
    return (pos, vel), reward


class RunningObsNorm(nn.Module):
    @nn.compact
    def __call__(self, obs, update: bool = False):
        mean = self.variable("obs_norm", "mean", jnp.zeros, obs.shape[-1:])
        var = self.variable("obs_norm", "var", jnp.ones, obs.shape[-1:])
        count = self.variable("obs_norm", "count", lambda: jnp.array(1e-4))
        if update and not self.is_initializing():
            n = obs.shape[0]
            batch_mean, batch_var = obs.mean(0), obs.var(0)
            delta = batch_mean - mean.value
            total = count.value + n
            mean.value = mean.value + delta * n / total
            m2 = var.value * count.value + batch_var * n + delta ** 2 * count.value * n / total
            var.value = m2 / total
            count.value = total
        return (obs - mean.value) / jnp.sqrt(var.value + 1e-8)


class Agent(nn.Module):
    action_dim: int = 2

    def setup(self):
        self.obs_norm = RunningObsNorm()
        self.policy = nn.Sequential([nn.Dense(32), nn.tanh, nn.Dense(self.action_dim)])
        self.value = nn.Dense(1)

    def __call__(self, obs, update_stats: bool = False):
        x = self.obs_norm(obs, update=update_stats)
        return jnp.tanh(self.policy(x)), self.value(x)[..., 0]

    def _make_step(self, env_step):
        def step(env_state, _):
            obs = jnp.concatenate(env_state, -1)
            action, value = self(obs, update_stats=True)
            env_state, reward = env_step(env_state, action)
            return env_state, (reward, value)
        return step

    def rollout(self, env_state, horizon: int):
        step = self._make_step(point_mass_step)
        _, (rewards, values) = jax.lax.scan(step, env_state, None, length=horizon)
        return rewards, values


def main():
    n_envs = 8
    key = jax.random.key(0)
    env_state = (jax.random.normal(key, (n_envs, 2)), jnp.zeros((n_envs, 2)))
    agent = Agent()
    variables = agent.init(jax.random.key(1), jnp.concatenate(env_state, -1))
    rewards, values = agent.apply(variables, env_state, 16, method=Agent.rollout)
    advantages = rewards - values
    jax.block_until_ready(advantages)
    return None
