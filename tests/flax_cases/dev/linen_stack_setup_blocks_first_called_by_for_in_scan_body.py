# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 setup Block layers first called by a `for i, layer in enumerate(self.layers)` loop inside the scan body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(x)

class Stack(nn.Module):
    def setup(self):
        self.layers = [Block() for _ in range(3)]

    def __call__(self, xs):
        def step(h, x):
            for i, layer in enumerate(self.layers):
                h = layer(h) + x
            return h, h
        return lax.scan(step, xs[0], xs)


def main():
    xs = jnp.ones((5, 4))
    model = Stack()
    variables = model.init(jax.random.key(0), xs)
    jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, xs)
