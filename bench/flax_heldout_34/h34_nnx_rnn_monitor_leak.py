# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 an NNX GRU sequence model's step method appends each hidden state to a plain Python ActivationMonitor; the raw lax.scan body calls that method and the monitor is read after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class ActivationMonitor:
    def __init__(self):
        self.records = []

    def log(self, value):
        self.records.append(value)

    def summary(self):
        return jnp.stack(self.records).std(axis=0)


class GRUTagger(nnx.Module):
    def __init__(self, din, dhidden, ntags, rngs: nnx.Rngs, monitor=None):
        self.cell = nnx.GRUCell(din, dhidden, rngs=rngs)
        self.out = nnx.Linear(dhidden, ntags, rngs=rngs)
        self.monitor = monitor

    def step(self, h, x_t):
        h, y = self.cell(h, x_t)
        if self.monitor is not None:
            self.monitor.log(y)
        return h, self.out(y)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[0], self.cell.hidden_features))
        _, logits = jax.lax.scan(self.step, h0, jnp.swapaxes(xs, 0, 1))
        return jnp.swapaxes(logits, 0, 1)


def main():
    monitor = ActivationMonitor()
    model = GRUTagger(3, 8, 4, nnx.Rngs(0), monitor=monitor)
    logits = model(jnp.ones((2, 5, 3)))
    spread = monitor.summary()
    spread.block_until_ready()
    return None
