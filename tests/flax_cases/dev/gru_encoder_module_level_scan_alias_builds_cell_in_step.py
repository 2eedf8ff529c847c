# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a compact encoder loops with `scan_fn`, a module-level alias of jax.lax.scan, whose step builds nn.GRUCell
import jax
from jax import lax
import flax.linen as nn
import jax.numpy as jnp

scan_fn = jax.lax.scan


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            h = nn.GRUCell(8)(h, x)[0]
            return h, h
        return scan_fn(step, xs[0], xs)


def main():
    xs = jnp.ones((5, 2, 8))
    model = Encoder()
    variables = model.init(jax.random.key(0), xs)
    jax.tree.map(lambda a: a + 0, variables)
    h, hs = model.apply(variables, xs)
    jax.tree.map(lambda a: a + 0, (h, hs))
