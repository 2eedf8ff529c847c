# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 NNX actor-critic samples actions from its own nnx.Rngs stream inside a raw lax.scan rollout; actions per step returned
import jax
import jax.numpy as jnp
from flax import nnx


class ActorCritic(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs):
        self.torso = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.pi = nnx.Linear(32, n_actions, rngs=rngs)
        self.v = nnx.Linear(32, 1, rngs=rngs)
        self.rngs = rngs

    def __call__(self, obs):
        h = jnp.tanh(self.torso(obs))
        return self.pi(h), self.v(h)[..., 0]

    def act(self, obs):
        logits, value = self(obs)
        action = jax.random.categorical(self.rngs.action(), logits)
        return action, value


def rollout(agent, obs0, horizon):
    def env_step(obs, _):
        action, value = agent.act(obs)
        obs = obs + 0.1 * jax.nn.one_hot(action, obs.shape[-1])
        return obs, (action, value)

    _, (actions, values) = jax.lax.scan(env_step, obs0, None, length=horizon)
    return actions


def main():
    agent = ActorCritic(4, 4, rngs=nnx.Rngs(params=0, action=1))
    actions = rollout(agent, jnp.zeros((16, 4)), 8)
    return actions
