# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "obs_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 an apply-only rollout scans over `self(obs)`, whose `__call__` runs a setup normaliser that updates its running mean
import flax.linen as nn
import jax
import jax.numpy as jnp


class ObsNorm(nn.Module):
    @nn.compact
    def __call__(self, x):
        mean = self.variable("obs_stats", "mean", jnp.zeros, x.shape[-1:])
        if not self.is_initializing():
            mean.value = 0.99 * mean.value + 0.01 * x.mean(0)
        return x - mean.value


class Policy(nn.Module):
    def setup(self):
        self.norm = ObsNorm()
        self.head = nn.Dense(3)

    def __call__(self, obs):
        return self.head(self.norm(obs))

    def rollout(self, obs0, steps):
        def body(obs, _):
            action = self(obs)
            return obs + action.sum(-1, keepdims=True), action

        return jax.lax.scan(body, obs0, None, length=steps)


def main():
    obs = jnp.ones((2, 3))
    model = Policy()
    variables = model.init(jax.random.PRNGKey(0), obs)
    model.apply(variables, obs, 4, method=Policy.rollout)
