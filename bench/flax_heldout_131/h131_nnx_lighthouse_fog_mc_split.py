# label: ok
# flax-error: none
# class: 3 estimator.model is called inside the while_loop body with one key per sample, split from the 'dropout' stream before the loop
"""Lighthouse fog watch: Monte Carlo dropout estimate of visibility range from sensor readings."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

MAX_SAMPLES = 8


class VisibilityNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(5, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, readings, key=None):
        h = self.drop(nnx.gelu(self.enc(readings)), rngs=key)
        return self.out(h)[..., 0]


class FogEstimator:
    def __init__(self, seed: int = 0, tol: float = 1e-6):
        self.rngs = nnx.Rngs(params=seed, dropout=seed + 1)
        self.model = VisibilityNet(self.rngs)
        self.tol = tol

    def sample(self, readings):
        keys = jax.random.split(self.rngs.dropout(), MAX_SAMPLES)

        def cond(state):
            i, _, spread = state
            return (i < MAX_SAMPLES) & (spread > self.tol)

        def body(state):
            i, draws, _ = state
            old_mean = draws.sum(axis=0) / jnp.maximum(i, 1)
            draws = draws.at[i].set(self.model(readings, key=keys[i]))
            spread = jnp.max(jnp.abs(draws.sum(axis=0) / (i + 1) - old_mean))
            return i + 1, draws, spread

        init = (0, jnp.zeros((MAX_SAMPLES,) + readings.shape[:1]), jnp.float32(jnp.inf))
        _, draws, _ = lax.while_loop(cond, body, init)
        return draws


def main():
    readings = jax.random.normal(jax.random.key(9), (3, 5))
    estimator = FogEstimator()
    return estimator.sample(readings)
