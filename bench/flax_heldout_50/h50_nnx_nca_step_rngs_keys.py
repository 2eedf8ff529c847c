# label: ok
# flax-error: none
# class: 5 the NNX __call__ splits one self.rngs.fire() key per step before the loop and scans the keys as xs
"""Neural cellular automaton in NNX: stochastic asynchronous cell updates over a rollout."""
import jax
import jax.numpy as jnp
from flax import nnx


class NCA(nnx.Module):
    def __init__(self, channels: int, hidden: int, *, fire_rate: float = 0.5, rngs: nnx.Rngs):
        self.perceive = nnx.Conv(channels, 3 * channels, (3, 3), feature_group_count=channels, use_bias=False, rngs=rngs)
        self.fc1 = nnx.Conv(3 * channels, hidden, (1, 1), rngs=rngs)
        self.fc2 = nnx.Conv(hidden, channels, (1, 1), kernel_init=nnx.initializers.zeros, rngs=rngs)
        self.fire_rate = fire_rate
        self.rngs = rngs

    def __call__(self, x, steps: int):
        def step(x, key):
            dx = self.fc2(nnx.relu(self.fc1(self.perceive(x))))
            fire = jax.random.uniform(key, x.shape[:-1] + (1,)) <= self.fire_rate
            return x + dx * fire, fire[..., 0]

        keys = jax.random.split(self.rngs.fire(), steps)
        x, fires = jax.lax.scan(step, x, keys)
        return x, fires


def main():
    model = NCA(16, 64, rngs=nnx.Rngs(params=0, fire=1))
    seed = jnp.zeros((1, 16, 16, 16)).at[:, 8, 8, 3:].set(1.0)
    _, fires = model(seed, steps=6)
    return fires[:, 0]
