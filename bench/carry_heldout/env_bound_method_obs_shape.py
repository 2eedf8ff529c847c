# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 4 bound method of an environment object used as the body; it returns the observation with an extra batch axis
import jax.numpy as jnp
from jax import lax


class PointEnv:
    def __init__(self, target):
        self.target = target

    def step(self, obs, action):
        obs = obs + 0.1 * action
        reward = -jnp.sum((obs - self.target) ** 2)
        return obs[None, :], reward

    def rollout(self, actions):
        return lax.scan(self.step, jnp.zeros(2), actions)


def main():
    return PointEnv(jnp.ones(2)).rollout(jnp.ones((6, 2)))
