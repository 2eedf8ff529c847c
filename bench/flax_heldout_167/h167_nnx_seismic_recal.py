# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,1,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 snapshots, a local list of recalibrate, receives nnx.state of the module merged in the scan body; nnx.update(model, snapshots[-1]) after the loop
"""Seismic early warning: the P-wave picker is recalibrated on the latest
station traces, keeping a snapshot per batch so the operator can roll back."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class PhasePicker(nnx.Module):
    def __init__(self, window, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(5,), rngs=rngs)
        self.head = nnx.Linear(4 * window, 1, rngs=rngs)

    def __call__(self, traces):  # [stations, window, 1]
        h = nnx.relu(self.conv(traces))
        return self.head(h.reshape(h.shape[0], -1))[..., 0]


def recalibrate(model, traces, arrivals, lr=0.01):
    graphdef, state = nnx.split(model)
    snapshots = []

    def body(state, batch):
        x, y = batch
        m = nnx.merge(graphdef, state)
        grads = nnx.grad(lambda m: ((m(x) - y) ** 2).mean())(m)
        params = nnx.state(m, nnx.Param)
        nnx.update(m, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        snapshots.append(nnx.state(m))
        return nnx.state(m), None

    scan(body, state, (traces, arrivals))
    nnx.update(model, snapshots[-1])
    return len(snapshots)


def main():
    window = 16
    traces = jax.random.normal(jax.random.key(0), (4, 6, window, 1))  # 4 batches, 6 stations
    arrivals = jax.random.uniform(jax.random.key(1), (4, 6))
    model = PhasePicker(window, nnx.Rngs(2))
    recalibrate(model, traces, arrivals)
    picks = model(traces[0])
    print(picks)
    return None
