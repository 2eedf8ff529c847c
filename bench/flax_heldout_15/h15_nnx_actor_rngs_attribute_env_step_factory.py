# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 factory builds the env-step closure around policy.sample_action, which draws from the policy's own nnx.Rngs inside the lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class GaussianPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.mu = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((act_dim,), -0.5))
        self.rngs = rngs

    def sample_action(self, obs):
        mean = jnp.tanh(self.mu(obs))
        noise = jax.random.normal(self.rngs.action(), mean.shape)
        return mean + jnp.exp(self.log_std[...]) * noise


def make_env_step(act_fn):
    def env_step(state, _):
        action = act_fn(state)
        next_state = 0.9 * state + 0.1 * jnp.pad(action, (0, state.shape[0] - action.shape[0]))
        return next_state, (action, -jnp.sum(next_state ** 2))

    return env_step


def main():
    policy = GaussianPolicy(3, 2, rngs=nnx.Rngs(params=0, action=1))
    env_step = make_env_step(policy.sample_action)
    _, (actions, rewards) = jax.lax.scan(env_step, jnp.ones((3,)), None, length=12)
    return actions
