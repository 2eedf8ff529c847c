# label: ok
# flax-error: none
# class: 3 a fresh nnx.Rngs built from the per-step key passed in xs; the model is only read
import jax
import jax.numpy as jnp
from flax import nnx


class Actor(nnx.Module):
    def __init__(self, rngs):
        self.mu = nnx.Linear(4, 2, rngs=rngs)

    def __call__(self, obs, rngs: nnx.Rngs):
        mean = self.mu(obs)
        return mean + 0.1 * jax.random.normal(rngs.action(), mean.shape)


def main():
    actor = Actor(nnx.Rngs(0))
    keys = jax.random.split(jax.random.key(5), 6)

    def body(obs, key):
        act = actor(obs, nnx.Rngs(action=key))
        return obs, act

    _, acts = jax.lax.scan(body, jnp.ones((4,)), keys)
    return acts
