# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "count" in "/ObsNormalizer_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a policy with a running observation normaliser is applied inside a raw lax.scan rollout without mutable
"""PPO-style rollout: the policy normalises observations with running statistics (ported from a
PyTorch RunningMeanStd buffer) and the environment rollout is a lax.scan collecting trajectories."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ObsNormalizer(nn.Module):
    @nn.compact
    def __call__(self, obs, update: bool = True):
        mean = self.variable("batch_stats", "mean", jnp.zeros, obs.shape[-1:])
        count = self.variable("batch_stats", "count", lambda: jnp.array(1e-4))
        if update and not self.is_initializing():
            count.value = count.value + 1
            mean.value = mean.value + (obs.mean(0) - mean.value) / count.value
        return obs - mean.value


class Policy(nn.Module):
    n_actions: int = 3

    @nn.compact
    def __call__(self, obs):
        x = ObsNormalizer()(obs)
        x = nn.tanh(nn.Dense(32)(x))
        return nn.Dense(self.n_actions)(x)


def env_step(obs, action):
    next_obs = obs * 0.9 + action[:, None].astype(jnp.float32) * 0.1
    reward = -jnp.sum(next_obs ** 2, axis=-1)
    return next_obs, reward


def main():
    policy = Policy()
    obs0 = jnp.ones((4, 5))
    variables = policy.init(jax.random.PRNGKey(0), obs0)

    def rollout_step(carry, key):
        obs = carry
        logits = policy.apply(variables, obs)
        action = jax.random.categorical(key, logits)
        next_obs, reward = env_step(obs, action)
        return next_obs, (obs, action, reward)

    keys = jax.random.split(jax.random.PRNGKey(1), 16)
    _, traj = lax.scan(rollout_step, obs0, keys)
    traj[2].block_until_ready()
    return None
