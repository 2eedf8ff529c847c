# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 lax.switch in a fori_loop body over `[lambda z, l=l: l(z) for l in self.layers]`, the setup Dense layers first called there
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

class Flow(nn.Module):
    def setup(self):
        self.layers = [nn.Dense(4) for _ in range(3)]

    def __call__(self, x):
        branches = [lambda z, l=l: l(z) for l in self.layers]
        def body(i, z):
            return lax.switch(i % 3, branches, z)
        return lax.fori_loop(0, 6, body, x)


def main():
    x = jnp.ones((2, 4))
    model = Flow()
    variables = model.init(jax.random.key(0), x)
    jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, x)
