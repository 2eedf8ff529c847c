# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an instrumenting class decorator wraps the show director's frame method, which calls the meteor effect that draws from its own 'sparkle' Rngs stream inside the scan body
"""Planetarium meteor-shower effect: renders sparkle intensities for each frame of a show segment."""
from collections import Counter
import functools

import jax
import jax.numpy as jnp
from flax import nnx


def instrumented(*names):
    def decorate(cls):
        for name in names:
            original = getattr(cls, name)

            def counting(original):
                @functools.wraps(original)
                def wrapper(self, *args, **kwargs):
                    self.call_counts[original.__name__] += 1
                    return original(self, *args, **kwargs)

                return wrapper

            setattr(cls, name, counting(original))
        return cls

    return decorate


class MeteorEffect(nnx.Module):
    def __init__(self, streaks: int, *, rngs: nnx.Rngs):
        self.glow = nnx.Linear(streaks, streaks, rngs=rngs)
        self.rngs = rngs

    def __call__(self, sky, key=None):
        key = self.rngs.sparkle() if key is None else key
        base = nnx.sigmoid(self.glow(sky))
        return base * jax.random.uniform(key, base.shape, minval=0.5, maxval=1.5)


@instrumented("frame", "segment")
class ShowDirector:
    def __init__(self, streaks: int = 4, seed: int = 0):
        self.effect = MeteorEffect(streaks, rngs=nnx.Rngs(params=seed, sparkle=seed + 100))
        self.call_counts = Counter()

    def frame(self, sky):
        return self.effect(sky)

    def segment(self, sky, frames: int):
        def render(carry, _):
            return carry, self.frame(sky)

        _, intensities = jax.lax.scan(render, None, None, length=frames)
        return intensities


def main():
    sky = jnp.array([[0.2, 0.8, 0.5, 0.1]])
    director = ShowDirector()
    return director.segment(sky, frames=6)
