# label: ok
# flax-error: none
# class: 1 the kiln jitter module's own sample_series method draws one key from its 'jitter' stream and folds the cycle index into it inside the fori_loop body
"""Brick-kiln burner jitter: samples temperature disturbances for successive burner cycles."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class KilnJitter(nnx.Module):
    def __init__(self, burners: int, scale: float = 12.0, *, rngs: nnx.Rngs):
        self.response = nnx.Linear(burners, burners, rngs=rngs)
        self.scale = scale
        self.rngs = rngs

    def sample_series(self, setpoints, cycles: int):
        base = self.response(setpoints)
        key = self.rngs.jitter()
        series = jnp.zeros((cycles,) + base.shape)

        def cycle(i, acc):
            disturbance = self.scale * jax.random.normal(jax.random.fold_in(key, i), base.shape)
            return acc.at[i].set(base + disturbance)

        return fori_loop(0, cycles, cycle, series)


def build_jitter(burners: int, seed: int) -> KilnJitter:
    return KilnJitter(burners, rngs=nnx.Rngs(params=seed, jitter=seed + 1))


def main():
    setpoints = jnp.array([[0.95, 1.0, 1.05]])
    jitter = build_jitter(3, seed=11)
    return jitter.sample_series(setpoints, cycles=5)
