# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NNX policy keeping nnx.Rngs and calling self.rngs.noise() inside a raw rollout scan
"""Shape from NNX RL agents that store `self.rngs = rngs` and draw exploration noise from a named
stream inside `__call__`, used in a jax.lax.scan environment rollout."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.mu = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.rngs = rngs
        self.sigma = 0.2

    def __call__(self, obs):
        mu = nnx.tanh(self.mu(obs))
        return mu + self.sigma * jax.random.normal(self.rngs.noise(), mu.shape)


def main():
    policy = NoisyPolicy(2, 2, rngs=nnx.Rngs(params=0, noise=1))

    def env_step(obs, _):
        act = policy(obs)
        return obs + 0.1 * act, act

    _, actions = jax.lax.scan(env_step, jnp.zeros((3, 2)), None, length=6)
    return actions
