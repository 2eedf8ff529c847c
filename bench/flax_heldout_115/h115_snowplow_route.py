# label: same-values
# flax-error: none
# class: 5 a builder registered in the module-level STEP_BUILDERS registry returns functools.partial(model.apply, variables, rngs={"traffic": key}); the scan body calls it
"""Snowplow routing: simulated travel time per route segment with sampled traffic slowdowns."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

STEP_BUILDERS = {}


def register_step(name):
    def wrap(builder):
        STEP_BUILDERS[name] = builder
        return builder

    return wrap


class SegmentTimeModel(nn.Module):
    @nn.compact
    def __call__(self, segment):
        base = nn.softplus(nn.Dense(1, name="base_time")(segment))[0]
        slowdown = jax.random.exponential(self.make_rng("traffic"), ())
        return base * (1.0 + 0.2 * slowdown)


@register_step("plow")
def build_plow_step(model, variables, key):
    return functools.partial(model.apply, variables, rngs={"traffic": key})


class RoutePlanner:
    def __init__(self, kind, model, variables, key):
        self.segment_time = STEP_BUILDERS[kind](model, variables, key)

    def simulate(self, segments):
        def drive(elapsed, segment):
            t = self.segment_time(segment)
            return elapsed + t, t

        return lax.scan(drive, jnp.zeros(()), segments)


def main():
    segments = jnp.tile(jnp.array([[1.0, 0.5, 0.2]]), (8, 1))  # identical segments: length, grade, snow depth
    model = SegmentTimeModel()
    variables = model.init({"params": jax.random.key(0), "traffic": jax.random.key(1)}, segments[0])
    planner = RoutePlanner("plow", model, variables, jax.random.key(2))
    _, times = planner.simulate(segments)
    return times
