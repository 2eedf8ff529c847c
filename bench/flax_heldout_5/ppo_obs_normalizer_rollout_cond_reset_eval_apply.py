# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "norm_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 actor with a running observation normaliser; its rollout method scans an env step with lax.cond resets, and the program evaluates it with apply(method=...) but no mutable
"""Brax/purejaxrl-style running observation normalisation kept inside the policy module (a
'norm_stats' collection updated on every call). The rollout method steps a toy point-mass
environment with jax.lax.scan and resets finished episodes with jax.lax.cond. Training
passes mutable=['norm_stats']; this evaluation call does not."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RunningNorm(nn.Module):
    @nn.compact
    def __call__(self, obs):
        count = self.variable("norm_stats", "count", lambda: jnp.zeros(()))
        mean = self.variable("norm_stats", "mean", lambda: jnp.zeros(obs.shape[-1:]))
        var = self.variable("norm_stats", "var", lambda: jnp.ones(obs.shape[-1:]))
        if not self.is_initializing():
            n = count.value + 1
            delta = obs.mean(0) - mean.value
            mean.value = mean.value + delta / n
            var.value = var.value + (delta * (obs.mean(0) - mean.value) - var.value) / n
            count.value = n
        return (obs - mean.value) / jnp.sqrt(var.value + 1e-6)


class Actor(nn.Module):
    action_dim: int = 2

    def setup(self):
        self.norm = RunningNorm()
        self.torso = nn.Dense(16)
        self.mu = nn.Dense(self.action_dim)

    def __call__(self, obs):
        return jnp.tanh(self.mu(nn.tanh(self.torso(self.norm(obs)))))

    def rollout(self, obs0, num_steps=4):
        def env_step(carry, _):
            pos, t = carry
            action = self(pos)
            pos = pos + 0.1 * action
            done = t >= 2
            pos, t = jax.lax.cond(done, lambda: (jnp.zeros_like(pos), 0), lambda: (pos, t + 1))
            return (pos, t), -jnp.sum(pos**2)

        _, rewards = jax.lax.scan(env_step, (obs0, 0), None, length=num_steps)
        return rewards


def main():
    actor = Actor()
    obs = jnp.ones((3, 2))
    variables = actor.init(jax.random.PRNGKey(0), obs)
    rewards = actor.apply(variables, obs, method=Actor.rollout)
    assert rewards.shape == (4,)
    return None
