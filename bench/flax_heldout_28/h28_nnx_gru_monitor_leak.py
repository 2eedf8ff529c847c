# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the GRU module holds a plain Python GateMonitor object; the scan body calls the cell, which records gate values into it, read after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class GateMonitor:
    """Keeps update-gate activations for a saturation report."""

    def __init__(self):
        self.records = []

    def record(self, z):
        self.records.append(z)

    def saturation(self):
        gates = jnp.stack(self.records)
        return jnp.mean((gates < 0.05) | (gates > 0.95))


class MonitoredGRU(nnx.Module):
    def __init__(self, din, dh, *, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, dh, rngs=rngs)
        self.wz = nnx.Linear(din + dh, dh, rngs=rngs)
        self.monitor = GateMonitor()

    def step(self, h, x):
        z = jax.nn.sigmoid(self.wz(jnp.concatenate([x, h], -1)))
        self.monitor.record(z)
        h_new, _ = self.cell(h, x)
        return h_new

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.cell.hidden_features))
        h, _ = jax.lax.scan(lambda h, x: (self.step(h, x), None), h0, xs)
        return h


def main():
    model = MonitoredGRU(2, 4, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 3, 2))
    h = model(xs)
    print("final h", h.shape, "saturated gates", float(model.monitor.saturation()))
    return None
