# label: ok
# flax-error: none
# class: 3 the GRU module holds a plain Python GateMonitor object; the scan body only returns gate values, recorded into it after the loop
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
        gates = jnp.concatenate(self.records)
        return jnp.mean((gates < 0.05) | (gates > 0.95))


class MonitoredGRU(nnx.Module):
    def __init__(self, din, dh, *, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, dh, rngs=rngs)
        self.wz = nnx.Linear(din + dh, dh, rngs=rngs)
        self.monitor = GateMonitor()

    def step(self, h, x):
        z = jax.nn.sigmoid(self.wz(jnp.concatenate([x, h], -1)))
        h_new, _ = self.cell(h, x)
        return h_new, z

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.cell.hidden_features))
        h, zs = jax.lax.scan(lambda h, x: self.step(h, x), h0, xs)
        self.monitor.record(zs)
        return h


def main():
    model = MonitoredGRU(2, 4, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 3, 2))
    h = model(xs)
    print("final h", h.shape, "saturated gates", float(model.monitor.saturation()))
    return None
