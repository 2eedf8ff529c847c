# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the renderer's projector reaches its star-field submodule's brighten method inside the while_loop body, where init creates its parameters
"""Planetarium show renderer: repeated brightening passes of a star field on the dome."""
from __future__ import annotations

import functools
import logging

import jax
import jax.numpy as jnp
from flax import linen

lax = jax.lax
log = logging.getLogger("planetarium.render")


def logged_methods(*names):
    def decorate(cls):
        for name in names:
            original = getattr(cls, name)

            @functools.wraps(original)
            def wrapper(self, *args, __original=original, **kwargs):
                log.debug("%s.%s start", type(self).__name__, __original.__name__)
                result = __original(self, *args, **kwargs)
                log.debug("%s.%s done", type(self).__name__, __original.__name__)
                return result

            setattr(cls, name, wrapper)
        return cls

    return decorate


class StarField(linen.Module):
    stars: int

    @linen.compact
    def brighten(self, sky):
        return jnp.tanh(linen.Dense(self.stars, name="twinkle")(sky))


class DomeProjector(linen.Module):
    stars: int
    passes: int

    def setup(self):
        self.field = StarField(self.stars)

    def __call__(self, sky):
        def cond(state):
            step, _ = state
            return step < self.passes

        def body(state):
            step, frame = state
            return step + 1, self.field.brighten(frame)

        _, frame = lax.while_loop(cond, body, (0, sky))
        return frame


@logged_methods("prepare", "render")
class ShowRenderer:
    def __init__(self, stars: int = 5, passes: int = 3):
        self.projector = DomeProjector(stars=stars, passes=passes)
        self.variables = None

    def prepare(self, sky, seed: int = 0):
        self.variables = self.projector.init(jax.random.key(seed), sky)
        return self

    def render(self, sky):
        return self.projector.apply(self.variables, sky)


def main():
    sky = jnp.linspace(0.0, 1.0, 10).reshape(2, 5)
    renderer = ShowRenderer().prepare(sky)
    frame = renderer.render(sky)
    jax.block_until_ready(frame)
