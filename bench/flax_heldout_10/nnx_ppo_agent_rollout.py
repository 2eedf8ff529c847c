# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the policy is self.policy of the Agent; its stored Rngs stream is drawn inside the raw scan body
"""PPO agent (NNX): the policy keeps its own Rngs and samples actions inside a raw scan rollout."""
import jax
import jax.numpy as jnp
from flax import nnx


class GaussianPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.body = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.mu = nnx.Linear(32, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.zeros(act_dim))
        self.value = nnx.Linear(32, 1, rngs=rngs)
        self.rngs = rngs

    def __call__(self, obs):
        h = jnp.tanh(self.body(obs))
        return self.mu(h), self.value(h)[..., 0]

    def act(self, obs):
        mu, v = self(obs)
        eps = jax.random.normal(self.rngs.action(), mu.shape)
        return mu + jnp.exp(self.log_std[...]) * eps, v


def pendulum_step(s, a):
    s = s + 0.05 * jnp.concatenate([s[..., 1:], a], -1)
    return s, -jnp.sum(s ** 2, -1)


class PPOAgent:
    def __init__(self, seed=0):
        self.policy = GaussianPolicy(2, 1, nnx.Rngs(params=seed, action=seed + 1))

    def rollout(self, s0, horizon=8):
        def step(s, _):
            a, v = self.policy.act(s)
            s, r = pendulum_step(s, a)
            return s, (a, r, v)

        return jax.lax.scan(step, s0, None, length=horizon)[1]


def main():
    agent = PPOAgent()
    traj = agent.rollout(jnp.ones((4, 2)))
    return None
