# label: ok
# flax-error: none
# class: 3 the exploration rollout carries the explorer's split state: each step merges it, calls `explore` (which draws from the explorer's own `nnx.Rngs`), and splits the advanced state back into the carry
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

    def step(carry, _):
        obs, params = carry
        actor = nnx.merge(graphdef, params)
        action, noise = actor.explore(obs)
        _, params = nnx.split(actor)
        return (jnp.roll(obs, 1) + action.sum(), params), noise

    return jax.lax.scan(step, (obs0, params), None, length=steps)


def main():
    explorer = Explorer(nnx.Rngs(params=0, noise=3))
    _, noises = collect(explorer, jnp.zeros(4), 5)
    return noises
