# label: same-values
# flax-error: none
# class: 3 an outside NNX module's method is the scan body; its helper builds nnx.Rngs from the module's seed field each call, so every step draws the same noise
import jax
import jax.numpy as jnp
from flax import nnx


class Explorer(nnx.Module):
    def __init__(self, dim: int, seed: int, rngs: nnx.Rngs):
        self.policy = nnx.Linear(dim, dim, rngs=rngs)
        self.seed = seed

    def _exploration_noise(self, shape):
        rngs = nnx.Rngs(explore=self.seed)
        return 0.1 * jax.random.normal(rngs.explore(), shape)

    def act(self, obs, _):
        action = jnp.tanh(self.policy(obs))
        noise = self._exploration_noise(action.shape)
        return obs + action + noise, noise


def rollout(explorer, obs, steps):
    return jax.lax.scan(explorer.act, obs, None, length=steps)


def main():
    explorer = Explorer(4, seed=11, rngs=nnx.Rngs(0))
    _, noise = rollout(explorer, jnp.zeros(4), 5)
    return noise
