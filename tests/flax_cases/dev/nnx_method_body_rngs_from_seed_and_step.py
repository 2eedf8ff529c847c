# label: ok
# flax-error: none
# class: 3 an outside NNX module's method is the scan body; its helper builds nnx.Rngs from the seed field folded with the step the scan passes, so each step draws its own noise
import jax
import jax.numpy as jnp
from flax import nnx


class Explorer(nnx.Module):
    def __init__(self, dim: int, seed: int, rngs: nnx.Rngs):
        self.policy = nnx.Linear(dim, dim, rngs=rngs)
        self.seed = seed

    def _exploration_noise(self, shape, step):
        rngs = nnx.Rngs(explore=jax.random.fold_in(jax.random.key(self.seed), step))
        return 0.1 * jax.random.normal(rngs.explore(), shape)

    def act(self, obs, step):
        action = jnp.tanh(self.policy(obs))
        noise = self._exploration_noise(action.shape, step)
        return obs + action + noise, noise


def rollout(explorer, obs, steps):
    return jax.lax.scan(explorer.act, obs, jnp.arange(steps))


def main():
    explorer = Explorer(4, seed=11, rngs=nnx.Rngs(0))
    _, noise = rollout(explorer, jnp.zeros(4), 5)
    return noise
