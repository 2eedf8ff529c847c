# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body appends each hidden state to a list the outside NNX cell keeps (`model.history.append(h)`); the history is read afterwards
import jax
import jax.numpy as jnp
from flax import nnx


class Cell(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)
        self.history = []

    def __call__(self, h):
        return jnp.tanh(self.fc(h))


def unroll(model, h0):
    def body(h, _):
        h = model(h)
        model.history.append(h)
        return h, h
    return jax.lax.scan(body, h0, None, length=3)


def main():
    model = Cell(nnx.Rngs(0))
    h, hs = unroll(model, jnp.ones(4))
    jax.tree.map(lambda a: a + 0, (h, hs))
    print(jnp.stack(model.history).shape)
