# label: ok
# flax-error: none
# class: 5 make_rollout(policy, world_model) builds the scan body in one function; the key travels in the carry and is split every step
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


def make_rollout(policy, world_model, sigma=0.3):
    def imagine(carry, _):
        s, key = carry
        key, sub = jax.random.split(key)
        eps = sigma * jax.random.normal(sub, (2,))
        a = jnp.clip(policy(s) + eps, -1, 1)
        return (world_model(s, a), key), eps

    return imagine


def main():
    rngs = nnx.Rngs(0)
    policy, wm = Policy(4, 2, rngs=rngs), WorldModel(4, 2, rngs=rngs)
    body = make_rollout(policy, wm)
    _, noise = jax.lax.scan(body, (jnp.zeros((4,)), jax.random.key(7)), None, length=10)
    return noise
