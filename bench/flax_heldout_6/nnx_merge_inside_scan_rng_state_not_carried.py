# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 nnx.split outside a raw scan and nnx.merge of that same state in the body; the merged policy's exploration method draws from its Rngs
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.mean = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.rngs = rngs
        self.log_std = nnx.Param(jnp.full((act_dim,), -1.0))

    def explore(self, obs):
        mu = self.mean(obs)
        eps = jax.random.normal(self.rngs.action(), mu.shape)
        return mu + jnp.exp(self.log_std.value) * eps


def main():
    policy = NoisyPolicy(3, 2, rngs=nnx.Rngs(params=0, action=1))
    graphdef, state = nnx.split(policy)

    def step(obs, _):
        pol = nnx.merge(graphdef, state)
        action = pol.explore(obs)
        next_obs = 0.9 * obs + 0.1 * jnp.pad(action, (0, 1))
        return next_obs, action

    _, actions = jax.lax.scan(step, jnp.zeros(3), None, length=6)
    return actions
