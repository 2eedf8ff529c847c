# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a builder's chained calls wrap the segment block in nn.remat; the RoutePlanner that build() returns calls the rematerialised block inside its own raw scan body
"""Municipal snowplow routing: scores the plough order of road segments along a route.

Models are assembled with a builder so that deployments can switch widths and memory
saving (rematerialisation) without touching the planner.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class SegmentBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, carry, segment):
        h = nn.Dense(self.width, name="mix")(jnp.concatenate([carry, segment]))
        return nn.tanh(h)


class RoutePlanner(nn.Module):
    block: nn.Module
    width: int

    @nn.compact
    def __call__(self, segments):
        start = self.block(jnp.zeros(self.width), segments[0])

        def plough(carry, segment):
            carry = self.block(carry, segment)
            return carry, jnp.sum(carry)

        final, costs = lax.scan(plough, start, segments[1:])
        return nn.Dense(1, name="route_score")(final)[0], costs


class PlannerBuilder:
    def __init__(self):
        self._width = 8
        self._remat = False

    def width(self, width: int):
        self._width = width
        return self

    def rematerialize(self, enabled: bool = True):
        self._remat = enabled
        return self

    def build(self) -> RoutePlanner:
        block_cls = nn.remat(SegmentBlock) if self._remat else SegmentBlock
        return RoutePlanner(block=block_cls(width=self._width), width=self._width)


def main():
    segments = jax.random.uniform(jax.random.key(5), (18, 4))
    planner = PlannerBuilder().width(16).rematerialize().build()
    variables = planner.init(jax.random.key(0), segments)
    score, costs = planner.apply(variables, segments)
    jax.block_until_ready((score, costs))
    return None
