# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the priority model reaches the fori_loop body as RouteScheduler.model; the step stores its priorities on RouteScheduler.last_priorities
"""Municipal snowplow routing (NNX): re-prioritise road segments every dispatch round during a storm."""
import jax
import jax.numpy as jnp
from flax import nnx


class SegmentPriority(nnx.Module):
    def __init__(self, segments: int, rngs: nnx.Rngs):
        self.score = nnx.Linear(2 * segments, segments, rngs=rngs)

    def __call__(self, snow_depth, traffic):
        return nnx.softmax(self.score(jnp.concatenate([snow_depth, traffic])))


class RouteScheduler:
    def __init__(self, model: SegmentPriority, plow_capacity: float):
        self.model = model
        self.plow_capacity = plow_capacity
        self.last_priorities = None

    def dispatch_round(self, snow_depth, traffic):
        priorities = self.model(snow_depth, traffic)
        self.last_priorities = priorities
        return jnp.maximum(snow_depth - self.plow_capacity * priorities, 0.0)

    def storm(self, snow_depth, traffic, snowfall, rounds):
        def round_(i, depth):
            return self.dispatch_round(depth + snowfall, traffic)

        return jax.lax.fori_loop(0, rounds, round_, snow_depth)

    def report(self):
        return {"top_segment": jnp.argmax(self.last_priorities)}


def main():
    segments = 10
    scheduler = RouteScheduler(SegmentPriority(segments, rngs=nnx.Rngs(2)), plow_capacity=3.0)
    depth = jnp.linspace(1.0, 8.0, segments)
    traffic = jnp.abs(jnp.sin(jnp.arange(segments, dtype=jnp.float32)))
    final_depth = scheduler.storm(depth, traffic, snowfall=0.5, rounds=6)
    report = scheduler.report()
    jax.block_until_ready((final_depth, report))
    return None
