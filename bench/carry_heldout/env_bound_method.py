# label: ok
# jax-error: none
# class: 4 bound method of an environment object used as the body, observation shape kept
import jax.numpy as jnp
from jax import lax


class PointEnv:
    def __init__(self, target):
        self.target = target

    def step(self, obs, action):
        obs = obs + 0.1 * action
        reward = -jnp.sum((obs - self.target) ** 2)
        return obs, reward

    def rollout(self, actions):
        return lax.scan(self.step, jnp.zeros(2), actions)


def main():
    return PointEnv(jnp.ones(2)).rollout(jnp.ones((6, 2)))
