# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level factory handed a Linen "counters" variable makes the while_loop body, which increments it; apply with mutable=["counters"]
import jax
import jax.numpy as jnp
from flax import linen as nn

def make_body(counter, factor=0.5):
    def body(s):
        counter.value = counter.value + 1
        return s * factor
    return body

class Solver(nn.Module):
    @nn.compact
    def __call__(self, x):
        n_evals = self.variable("counters", "n_evals", lambda: jnp.array(0))
        return jax.lax.while_loop(lambda s: jnp.abs(s).max() > 1e-3, make_body(n_evals), x)


def main():
    x = jnp.ones((3,))
    model = Solver()
    variables = model.init(jax.random.key(0), x)
    jax.tree.map(lambda a: a + 0, variables)
    out, updates = model.apply(variables, x, mutable=["counters"])
    jax.tree.map(lambda a: a + 0, updates)
