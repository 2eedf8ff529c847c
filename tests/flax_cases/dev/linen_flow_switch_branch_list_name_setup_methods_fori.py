# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 lax.switch in a fori_loop body over a branch list bound to a name (`branches = [self.fa, self.fb]`), methods that first call setup Dense layers
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

class Flow(nn.Module):
    def setup(self):
        self.a = nn.Dense(4)
        self.b = nn.Dense(4)

    def fa(self, z):
        return self.a(z)

    def fb(self, z):
        return self.b(z)

    def __call__(self, x):
        branches = [self.fa, self.fb]
        def body(i, z):
            return lax.switch(i % 2, branches, z)
        return lax.fori_loop(0, 4, body, x)


def main():
    x = jnp.ones((2, 4))
    model = Flow()
    variables = model.init(jax.random.key(0), x)
    jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, x)
