# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 AgingMonitor keeps the graphdef and state of its RindNet as attributes and carries the state through fori_loop, but the body also stores the merged model on self.latest, which dashboard() calls after the loop
"""Cheese cave monitoring: rind-condition model tracking humidity/temperature over the ageing."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RindNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.sense = nnx.Linear(3, 6, rngs=rngs)
        self.norm = nnx.BatchNorm(6, momentum=0.9, rngs=rngs)
        self.grade = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, x, *, frozen: bool = False):
        h = self.norm(self.sense(x), use_running_average=True if frozen else None)
        return nnx.sigmoid(self.grade(nnx.relu(h)))[..., 0]


class AgingMonitor:
    def __init__(self, model: RindNet):
        self.graphdef, self.state = nnx.split(model)
        self.latest = model

    def age(self, readings):  # [weeks, wheels, 3]
        def body(week, state):
            model = nnx.merge(self.graphdef, state)
            model(readings[week])
            self.latest = model  # handle for the dashboard
            return nnx.state(model)

        self.state = lax.fori_loop(0, readings.shape[0], body, self.state)

    def dashboard(self, wheels):
        return self.latest(wheels, frozen=True)


def main():
    readings = jnp.stack([
        jnp.linspace(0.85, 0.95, 8 * 4), jnp.linspace(10.0, 13.0, 8 * 4) / 13.0,
        jnp.cos(jnp.arange(8 * 4, dtype=jnp.float32))], axis=-1).reshape(8, 4, 3)
    monitor = AgingMonitor(RindNet(nnx.Rngs(0)))
    monitor.age(readings)
    _ = float(monitor.dashboard(readings[-1]).mean())
    return None
