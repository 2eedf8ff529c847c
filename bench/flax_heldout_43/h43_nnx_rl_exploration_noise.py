# label: same-values
# flax-error: none
# class: 5 make_rollout(policy, world_model, key) builds the scan body in one function; the body reuses the captured key for exploration noise
"""Dreamer-style imagined rollout in a learned world model with Gaussian exploration noise; returns the noise per step."""
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs, act, *, rngs):
        self.fc = nnx.Linear(obs, act, rngs=rngs)

    def __call__(self, s):
        return jnp.tanh(self.fc(s))


class WorldModel(nnx.Module):
    def __init__(self, obs, act, *, rngs):
        self.dyn = nnx.Linear(obs + act, obs, rngs=rngs)

    def __call__(self, s, a):
        return s + 0.1 * jnp.tanh(self.dyn(jnp.concatenate([s, a])))


def make_rollout(policy, world_model, key, sigma=0.3):
    def imagine(s, _):
        eps = sigma * jax.random.normal(key, (2,))
        a = jnp.clip(policy(s) + eps, -1, 1)
        return world_model(s, a), eps

    return imagine


def main():
    rngs = nnx.Rngs(0)
    policy, wm = Policy(4, 2, rngs=rngs), WorldModel(4, 2, rngs=rngs)
    body = make_rollout(policy, wm, jax.random.key(7))
    _, noise = jax.lax.scan(body, jnp.zeros((4,)), None, length=10)
    return noise
