# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a compact refiner binds `loop = lax.fori_loop` in its method and builds nn.Dense inside the loop lambda
import jax
from jax import lax
import flax.linen as nn
import jax.numpy as jnp


class Refiner(nn.Module):
    @nn.compact
    def __call__(self, h):
        loop = lax.fori_loop
        return loop(0, 3, lambda i, z: nn.Dense(8)(z), h)


def main():
    h = jnp.ones((2, 8))
    model = Refiner()
    variables = model.init(jax.random.key(0), h)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, h)
    jax.tree.map(lambda a: a + 0, out)
