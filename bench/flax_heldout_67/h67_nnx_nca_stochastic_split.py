# label: ok
# flax-error: none
# class: 4 a module-level grow() receives the NCA and an Rngs; the key drawn once is split per step and scanned over, the body a functools.partial
"""Neural cellular automaton growing a target pattern; stochastic asynchronous cell updates."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class NCA(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.perceive = nnx.Conv(channels, channels * 3, (3, 3), feature_group_count=channels, rngs=rngs)
        self.hidden = nnx.Conv(channels * 3, 32, (1, 1), rngs=rngs)
        self.out = nnx.Conv(32, channels, (1, 1), kernel_init=nnx.initializers.zeros, rngs=rngs)

    def __call__(self, x, fire_mask):
        dx = self.out(nnx.relu(self.hidden(self.perceive(x))))
        return x + dx * fire_mask


def nca_step(x, key, *, model, fire_rate):
    mask = jax.random.bernoulli(key, fire_rate, x.shape[:-1] + (1,))
    return model(x, mask), mask[..., 0]


def grow(model, seed, rngs, steps=6, fire_rate=0.5):
    keys = jax.random.split(rngs.fire(), steps)
    step = functools.partial(nca_step, model=model, fire_rate=fire_rate)
    _, masks = jax.lax.scan(step, seed, keys)
    return masks


def main():
    model = NCA(8, nnx.Rngs(0))
    seed = jnp.zeros((1, 8, 8, 8)).at[:, 4, 4, 3:].set(1.0)
    return grow(model, seed, nnx.Rngs(fire=3))
