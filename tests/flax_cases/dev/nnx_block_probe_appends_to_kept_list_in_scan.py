# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 an outside model whose Probe submodule appends to a Python list it keeps (`self.records.append(h.mean())`), called in the scan body; the records are read afterwards
import jax
import jax.numpy as jnp
from flax import nnx


class Probe(nnx.Module):
    def __init__(self):
        self.records = []

    def __call__(self, h):
        self.records.append(h.mean())
        return h


class Block(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)
        self.probe = Probe()

    def __call__(self, x):
        return x + self.probe(self.fc(x))


def evaluate(model, batches):
    def body(total, x):
        return total + model(x).mean(), None
    return jax.lax.scan(body, jnp.zeros(()), batches)[0]


def main():
    model = Block(nnx.Rngs(0))
    total = evaluate(model, jnp.ones((3, 2, 4)))
    jax.tree.map(lambda a: a + 0, total)
    print(jnp.stack(model.probe.records).mean())
