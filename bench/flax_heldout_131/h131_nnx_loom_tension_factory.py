# label: same-values
# flax-error: none
# class: 5 make_pick_step(model, key) returns the fori_loop step; every pick samples warp jitter from the same closed-over key
"""Textile loom control: predicts warp tension corrections for each weft pick with sampled jitter."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop

PICKS = 7
WARPS = 6


class TensionScale(nnx.Variable):
    """Calibrated per-warp jitter amplitude, not trained."""


class TensionModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.net = nnx.Linear(3, WARPS, rngs=rngs)
        self.scale = TensionScale(jnp.full((WARPS,), 0.02))

    def correction(self, pattern, key):
        jitter = self.scale[...] * jax.random.normal(key, (WARPS,))
        return jnp.tanh(self.net(pattern)) + jitter


def make_pick_step(model: TensionModel, pattern, key):
    def step(i, log):
        return log.at[i].set(model.correction(pattern, key))

    return step


class LoomController:
    def __init__(self, seed: int = 0):
        self.rngs = nnx.Rngs(params=seed, jitter=seed + 1)
        self.model = TensionModel(self.rngs)

    def weave(self, pattern):
        step = make_pick_step(self.model, pattern, self.rngs.jitter())
        return fori_loop(0, PICKS, step, jnp.zeros((PICKS, WARPS)))


def main():
    controller = LoomController()
    twill = jnp.array([1.0, 0.0, 1.0])
    return controller.weave(twill)
