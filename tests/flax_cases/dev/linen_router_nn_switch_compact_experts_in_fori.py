# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 nn.switch in a fori_loop body over lambdas capturing compact experts built in a list comprehension, first called there
import jax
import jax.numpy as jnp
import flax.linen as nn

class Router(nn.Module):
    @nn.compact
    def __call__(self, x):
        experts = [nn.Dense(8, name=f"expert_{i}") for i in range(3)]
        branches = [lambda mdl, h, e=e: e(h) for e in experts]
        def body(i, h):
            return jnp.tanh(nn.switch(i % 3, branches, self, h))
        return jax.lax.fori_loop(0, 4, body, x)


def main():
    x = jnp.ones((2, 8))
    model = Router()
    variables = model.init(jax.random.key(0), x)
    jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, x)
