# label: ok
# flax-error: none
# class: 2 a plain Python Agent keeps the policy as an attribute, read-only in the raw lax.scan body; action keys split outside and passed as xs
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
        self.key = jax.random.PRNGKey(seed + 1)

    def rollout(self, obs0, horizon):
        self.key, sub = jax.random.split(self.key)
        keys = jax.random.split(sub, horizon)
        policy = self.policy

        def step(obs, key):
            action = jax.random.categorical(key, policy(obs))
            obs = obs * 0.9 + 0.1 * action[..., None]
            return obs, action

        return jax.lax.scan(step, obs0, keys)


def main():
    agent = Agent(0)
    _, actions = agent.rollout(jnp.ones((3, 4)), 10)
    return actions
