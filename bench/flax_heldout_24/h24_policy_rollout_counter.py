# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "env_steps" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the 'counters' variable env_steps is incremented directly in the raw lax.scan rollout body; the evaluation apply passes no mutable collections
# modelled on: google/flax PR #4209 "Add trimmed Linen to NNX guide" (self.count = self.variable('counter', 'count', ...); self.count.value += 1) and purejaxrl-style _env_step rollouts
"""Deterministic policy rolled out through a known linear dynamics model."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class PlanningPolicy(nn.Module):
    horizon: int = 6
    act_dim: int = 2

    @nn.compact
    def __call__(self, obs0):
        policy = nn.Dense(self.act_dim, name="policy")
        env_steps = self.variable("counters", "env_steps", lambda: jnp.zeros((), jnp.int32))
        dynamics = jnp.eye(obs0.shape[-1]) * 0.9
        policy(obs0)

        def env_step(obs, _):
            action = jnp.tanh(policy(obs))
            next_obs = obs @ dynamics + 0.1 * jnp.pad(action, (0, obs.shape[-1] - self.act_dim))
            if not self.is_initializing():
                env_steps.value = env_steps.value + 1
            reward = -jnp.sum(next_obs**2)
            return next_obs, reward

        _, rewards = jax.lax.scan(env_step, obs0, None, length=self.horizon)
        return rewards.sum()


def main():
    obs0 = jnp.array([1.0, -0.5, 0.3, 0.8])
    model = PlanningPolicy()
    variables = model.init(jax.random.key(0), obs0)
    ret = model.apply(variables, obs0)
    print(float(ret), variables["counters"]["env_steps"])
    return None
