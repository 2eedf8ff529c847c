# label: same-values
# flax-error: none
# class: 2 the local `key`, drawn once from the 'action' stream, goes into the scan body directly
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class CategoricalPolicy(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs):
        self.torso = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.logits = nnx.Linear(16, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.logits(nnx.tanh(self.torso(obs)))


def main():
    rngs = nnx.Rngs(params=0, action=1)
    policy = CategoricalPolicy(5, 4, rngs=rngs)
    obs = jnp.full((3, 5), 0.2)
    key = rngs.action()

    def draw(carry, _):
        logits = policy(obs)
        action = jax.random.categorical(key, logits, axis=-1)
        return carry, action

    _, actions = scan(draw, None, None, length=8)
    return actions
