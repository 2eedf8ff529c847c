# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a factory make_body(counter) returns the while_loop body that writes a 'counters' variable
import jax
import jax.numpy as jnp
from flax import linen as nn


def make_body(counter, factor=0.5):
    def body(s):
        counter.value = counter.value + 1
        return s * factor
    return body


class Solver(nn.Module):
    tol: float = 1e-3

    @nn.compact
    def __call__(self, x):
        n_evals = self.variable("counters", "n_evals", lambda: jnp.array(0))

        def cond(s):
            return jnp.abs(s).max() > self.tol

        out = jax.lax.while_loop(cond, make_body(n_evals), x)
        return out


def main():
    s = Solver()
    x = jnp.array([1.0, -2.0])
    v = s.init(jax.random.PRNGKey(0), x)
    out, state = s.apply(v, x, mutable=["counters"])
    print("evals:", state["counters"]["n_evals"])
    return None
