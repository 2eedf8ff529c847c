# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "count" in "/RunningNorm_0" because collection "obs_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the Agent object's policy/variables attributes are read in the while_loop body; the policy updates its observation statistics but apply gets no mutable
"""PPO-style policy with a built-in running observation normaliser (mean/var kept
in an 'obs_stats' collection).  An episode of a toy point-mass environment is
rolled out with lax.while_loop until the goal is reached or time runs out."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class RunningNorm(nn.Module):
    @nn.compact
    def __call__(self, obs):
        count = self.variable("obs_stats", "count", lambda: jnp.array(1e-4))
        mean = self.variable("obs_stats", "mean", jnp.zeros, obs.shape[-1:])
        var = self.variable("obs_stats", "var", jnp.ones, obs.shape[-1:])
        if not self.is_initializing():
            delta = obs - mean.value
            count.value = count.value + 1
            mean.value = mean.value + delta / count.value
            var.value = var.value + (delta * (obs - mean.value) - var.value) / count.value
        return (obs - mean.value) / jnp.sqrt(var.value + 1e-8)


class Policy(nn.Module):
    @nn.compact
    def __call__(self, obs):
        x = RunningNorm()(obs)
        x = nn.tanh(nn.Dense(32)(x))
        return nn.tanh(nn.Dense(2)(x))


class Agent:
    def __init__(self, key):
        self.policy = Policy()
        self.variables = self.policy.init(key, jnp.zeros(4))

    def rollout(self, start, max_steps=50):
        def cond(state):
            t, obs, ret = state
            return (t < max_steps) & (jnp.linalg.norm(obs[:2]) > 0.05)

        def body(state):
            t, obs, ret = state
            action = self.policy.apply(self.variables, obs)
            vel = 0.9 * obs[2:] + 0.1 * action
            obs = jnp.concatenate([obs[:2] + 0.1 * vel, vel])
            return t + 1, obs, ret - jnp.linalg.norm(obs[:2])

        return lax.while_loop(cond, body, (0, start, 0.0))


def main():
    agent = Agent(jax.random.key(0))
    t, obs, ret = agent.rollout(jnp.array([1.0, -0.5, 0.0, 0.0]))
    return None
