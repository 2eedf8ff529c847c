# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a plain Python Agent keeps the policy and its nnx.Rngs as attributes; the raw lax.scan rollout body draws actions with self.rngs.action()
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs):
        self.torso = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.logits = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.logits(nnx.tanh(self.torso(obs)))


class Agent:
    def __init__(self, seed):
        self.policy = Policy(4, 2, nnx.Rngs(seed))
        self.rngs = nnx.Rngs(action=seed + 1)

    def rollout(self, obs0, horizon):
        def step(obs, _):
            action = jax.random.categorical(self.rngs.action(), self.policy(obs))
            obs = obs * 0.9 + 0.1 * action[..., None]
            return obs, action

        return jax.lax.scan(step, obs0, None, length=horizon)


def main():
    agent = Agent(0)
    _, actions = agent.rollout(jnp.ones((3, 4)), 10)
    return actions
