# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the module holds a plain Python ActivationLogger; the raw lax.scan body defined as a method appends hidden states to it, and summary() stacks them after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class ActivationLogger:
    def __init__(self):
        self.records = []

    def log(self, h):
        self.records.append(h)

    def summary(self):
        acts = jnp.stack(self.records)
        return {"mean": acts.mean(), "dead_frac": jnp.mean(acts <= 0)}


class RNN(nnx.Module):
    def __init__(self, din, dh, rngs):
        self.cell = nnx.SimpleCell(din, dh, rngs=rngs)
        self.logger = ActivationLogger()
        self.dh = dh

    def _step(self, h, x):
        h, y = self.cell(h, x)
        self.logger.log(y)
        return h, y

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.dh))
        return jax.lax.scan(self._step, h0, xs)[1]


def main():
    model = RNN(3, 5, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (4, 2, 3))
    ys = model(xs)
    print(ys.shape, model.logger.summary())
    return None
