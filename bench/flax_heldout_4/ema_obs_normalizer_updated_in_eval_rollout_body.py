# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "obs_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 policy with a running observation normalizer whose stats update each scan step; eval rollout applied without mutable
import jax
import jax.numpy as jnp
import flax.linen as nn


class RunningNorm(nn.Module):
    momentum: float = 0.99

    @nn.compact
    def __call__(self, x, update_stats: bool):
        mean = self.variable("obs_stats", "mean", jnp.zeros, x.shape[-1:])
        var = self.variable("obs_stats", "var", jnp.ones, x.shape[-1:])
        if update_stats:
            mean.value = self.momentum * mean.value + (1 - self.momentum) * x.mean(0)
            var.value = self.momentum * var.value + (1 - self.momentum) * x.var(0)
        return (x - mean.value) / jnp.sqrt(var.value + 1e-5)


class Agent(nn.Module):
    def setup(self):
        self.norm = RunningNorm()
        self.policy = nn.Dense(3)

    def __call__(self, obs, update_stats=False):
        return jnp.tanh(self.policy(self.norm(obs, update_stats)))

    def rollout(self, obs0, horizon: int):
        def step(obs, _):
            act = self(obs, update_stats=True)
            obs = 0.9 * obs + 0.1 * act
            return obs, act

        _, acts = jax.lax.scan(step, obs0, None, length=horizon)
        return acts


def main():
    agent = Agent()
    obs = jnp.ones((4, 3))
    variables = agent.init(jax.random.PRNGKey(0), obs)
    acts = agent.apply(variables, obs, 10, method=Agent.rollout)
    print(acts.shape)
    return None
