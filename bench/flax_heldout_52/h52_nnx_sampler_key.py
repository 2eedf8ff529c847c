# label: same-values
# flax-error: none
# class: 2 one key drawn from nnx.Rngs before the raw fori_loop and closed over by the body that samples categorically
"""Drawing several candidate actions from an NNX policy: 'why are all my samples identical?'"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Policy(nnx.Module):
    def __init__(self, rngs):
        self.head = nnx.Linear(6, 10, rngs=rngs)

    def __call__(self, obs):
        return self.head(obs)


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    policy = Policy(rngs)
    obs = jnp.ones((32, 6))
    n = 5
    key = rngs.sample()

    def body(i, buf):
        logits = policy(obs)
        actions = jax.random.categorical(key, logits)
        return buf.at[i].set(actions)

    samples = lax.fori_loop(0, n, body, jnp.zeros((n, 32), jnp.int32))
    return samples
