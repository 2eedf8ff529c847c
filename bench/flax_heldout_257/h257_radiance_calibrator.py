# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "peak_radiance" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 RadianceCalibrator.calibrate builds a jax.checkpoint-wrapped refine closure over self; the while loop body calls it and it writes the peak cache variable
"""Iterative gain calibration of top-of-atmosphere radiance for one satellite tile."""

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RadianceCalibrator(nn.Module):
    bands: int
    max_iters: int = 6
    tol: float = 1e-3

    def setup(self):
        self.gain = nn.Dense(self.bands)
        self.peak = self.variable("cache", "peak_radiance", jnp.zeros, (self.bands,))

    def __call__(self, tile):
        return self.gain(tile)

    def _refine_fn(self, tile, target):
        @jax.checkpoint
        def refine(scale):
            corrected = self.gain(tile * scale)
            self.peak.value = jnp.maximum(self.peak.value, corrected.max(axis=0))
            return scale - 0.1 * (corrected.mean(axis=0) - target)
        return refine

    def calibrate(self, tile, target):
        refine = self._refine_fn(tile, target)

        def keep_going(state):
            i, scale, delta = state
            return jnp.logical_and(i < self.max_iters, delta > self.tol)

        def step(state):
            i, scale, _ = state
            new_scale = refine(scale)
            return i + 1, new_scale, jnp.abs(new_scale - scale).max()

        init = (0, jnp.ones((self.bands,)), jnp.asarray(jnp.inf))
        _, scale, _ = lax.while_loop(keep_going, step, init)
        return scale


def main():
    calibrator = RadianceCalibrator(bands=4)
    tile = jax.random.uniform(jax.random.key(0), (6, 4))
    target = jnp.full((4,), 0.5)
    variables = calibrator.init(jax.random.key(1), tile)
    scale = calibrator.apply(variables, tile, target, method=RadianceCalibrator.calibrate)
    jax.block_until_ready(scale)
