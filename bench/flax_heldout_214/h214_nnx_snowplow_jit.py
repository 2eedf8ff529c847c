# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body calls plan_segment, an @nnx.jit-wrapped helper, with the SnowplowPlanner.model it closes over
"""Snowplow routing: for each road segment of a route the planner estimates the plough
passes needed from the snowfall and traffic forecast."""
import jax
import jax.numpy as jnp
from flax import nnx


class PassEstimator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(4, 12, rngs=rngs)
        self.lin2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, segment):
        return 1.0 + nnx.softplus(self.lin2(nnx.relu(self.lin1(segment))))[..., 0]


@nnx.jit
def plan_segment(model, segment):
    return model(segment)


class SnowplowPlanner:
    def __init__(self, model):
        self.model = model

    def route(self, segments):
        def segment_step(total, segment):
            passes = plan_segment(self.model, segment)
            return total + passes, passes

        total, per_segment = jax.lax.scan(segment_step, jnp.zeros(()), segments)
        return total, per_segment


def main():
    segments = jnp.array([[12.0, 0.4, 1.0, 0.2], [8.0, 0.9, 0.0, 0.5],
                          [20.0, 0.1, 1.0, 0.8], [5.0, 0.6, 0.0, 0.1]]) / 10.0
    planner = SnowplowPlanner(PassEstimator(nnx.Rngs(0)))
    planner.route(segments)
    return None
