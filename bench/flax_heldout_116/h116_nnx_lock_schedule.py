# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 LockPlanner.detach() keeps nnx.split(self.model) on the planner; the jax.lax.while_loop body in plan() merges it and assigns the merged module back to self.model, which report() calls after the loop
"""Canal lock scheduling: runs lock cycles until the waiting-boat queue is
cleared, then reports the model's throughput estimate for the harbour office."""
import jax
import jax.numpy as jnp
from flax import nnx


class ThroughputModel(nnx.Module):
    def __init__(self, berths, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(berths, berths, rngs=rngs)
        self.scale = nnx.Param(jnp.full((berths,), 1.5))

    def __call__(self, queue):
        return self.scale[...] * nnx.sigmoid(self.mix(queue)) + 0.5


class LockPlanner:
    def __init__(self, model, max_cycles=12):
        self.model = model
        self.max_cycles = max_cycles
        self.graphdef = None
        self.state = None

    def detach(self):
        self.graphdef, self.state = nnx.split(self.model)

    def plan(self, queue):
        self.detach()

        def cond(carry):
            cycle, queue, _ = carry
            return jnp.logical_and(cycle < self.max_cycles, queue.sum() > 0)

        def body(carry):
            cycle, queue, state = carry
            self.model = nnx.merge(self.graphdef, state)
            queue = jnp.maximum(queue - self.model(queue), 0.0)
            return cycle + 1, queue, nnx.state(self.model)

        cycles, _, _ = jax.lax.while_loop(cond, body, (0, queue, self.state))
        return cycles

    def report(self, queue):
        return {"throughput": self.model(queue).sum()}


def main():
    planner = LockPlanner(ThroughputModel(3, rngs=nnx.Rngs(0)))
    queue = jnp.array([4.0, 2.0, 3.0])
    planner.plan(queue)
    planner.report(queue)
    return None
