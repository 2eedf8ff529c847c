# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 setup-defined Dense readout first called inside a lambda scan body at init
import jax
import jax.numpy as jnp
from flax import linen as nn


class Tracker(nn.Module):
    def setup(self):
        self.readout = nn.Dense(4)

    def __call__(self, xs):
        init = jnp.zeros((xs.shape[1], 4))
        _, ys = jax.lax.scan(lambda c, x: (c + self.readout(x), c), init, xs)
        return ys


def main():
    xs = jnp.ones((6, 3, 4))
    model = Tracker()
    params = model.init(jax.random.PRNGKey(1), xs)
    model.apply(params, xs)
    return None
