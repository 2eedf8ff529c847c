# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/RunningNorm_0" because collection "obs_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the variables reach the scan body through runner.agent.variables, and Agent.act applies the model with update_stats=True and no mutable=
"""A2C rollout with a running observation normaliser inside the actor-critic (the usual
obs-normalisation trick); the rollout over a toy environment is a lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RunningNorm(nn.Module):
    momentum: float = 0.99

    @nn.compact
    def __call__(self, obs, update: bool):
        mean = self.variable('obs_stats', 'mean', jnp.zeros, obs.shape[-1:])
        var = self.variable('obs_stats', 'var', jnp.ones, obs.shape[-1:])
        if update and not self.is_initializing():
            mean.value = self.momentum * mean.value + (1 - self.momentum) * obs
            var.value = self.momentum * var.value + (1 - self.momentum) * (obs - mean.value) ** 2
        return (obs - mean.value) / jnp.sqrt(var.value + 1e-8)


class ActorCritic(nn.Module):
    n_actions: int = 3

    @nn.compact
    def __call__(self, obs, update_stats: bool = False):
        x = RunningNorm()(obs, update_stats)
        h = nn.tanh(nn.Dense(32)(x))
        return nn.Dense(self.n_actions)(h), nn.Dense(1)(h)[..., 0]


def env_step(obs, action):
    next_obs = 0.9 * obs + 0.1 * (action - 1.0)
    return next_obs, -jnp.sum(next_obs ** 2)


class Agent:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def act(self, obs, key):
        logits, value = self.model.apply(self.variables, obs, update_stats=True)
        return jax.random.categorical(key, logits), value


class Runner:
    def __init__(self, agent):
        self.agent = agent

    def rollout(self, obs0, key, n_steps):
        def body(obs, k):
            action, value = self.agent.act(obs, k)
            obs, reward = env_step(obs, action)
            return obs, (action, reward, value)

        _, traj = lax.scan(body, obs0, jax.random.split(key, n_steps))
        return traj


def main():
    model = ActorCritic()
    obs0 = jnp.ones((4,))
    variables = model.init(jax.random.key(0), obs0)
    runner = Runner(Agent(model, variables))
    actions, rewards, values = runner.rollout(obs0, jax.random.key(1), 16)
    return actions, rewards, values
