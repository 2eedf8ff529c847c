# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a GRUCell defined in setup (attribute of self) is first called inside the raw fori_loop body, so init creates its params there
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class SeqEncoder(nn.Module):
    features: int = 12

    def setup(self):
        self.cell = nn.GRUCell(features=self.features)
        self.readout = nn.Dense(1)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.features))

        def body(t, h):
            h, _ = self.cell(h, xs[t])
            return h

        h = fori_loop(0, xs.shape[0], body, h0)
        return self.readout(h)


def main():
    enc = SeqEncoder()
    xs = jnp.ones((7, 2, 3))
    params = enc.init(jax.random.key(0), xs)
    y = enc.apply(params, xs)
    print(y)
    return None
