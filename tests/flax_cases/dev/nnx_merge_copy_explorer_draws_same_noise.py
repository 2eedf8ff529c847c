# label: same-values
# flax-error: none
# class: 3 an exploration rollout merges a copy of the closed-over explorer state each step (`nnx.merge(..., copy=True)`) and calls `explore`, which draws from the explorer's own `nnx.Rngs`
import jax
import jax.numpy as jnp
from flax import nnx


class Explorer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.head = nnx.Linear(4, 2, rngs=rngs)
        self.rngs = rngs

    def explore(self, obs):
        noise = jax.random.normal(self.rngs.noise(), (2,))
        return self.head(obs) + 0.3 * noise, noise


def collect(explorer, obs0, steps):
    graphdef, params = nnx.split(explorer)

    def step(obs, _):
        actor = nnx.merge(graphdef, params, copy=True)
        action, noise = actor.explore(obs)
        return jnp.roll(obs, 1) + action.sum(), noise

    return jax.lax.scan(step, obs0, None, length=steps)


def main():
    explorer = Explorer(nnx.Rngs(params=0, noise=3))
    _, noises = collect(explorer, jnp.zeros(4), 5)
    return noises
