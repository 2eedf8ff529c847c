# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 state of a merged model appended to a Python list inside a raw scan, nnx.update'd after the loop
"""Merge-in-the-body pattern, half applied: the body merges the model, trains it, but the new
state is saved to a Python list (to 'keep the last one') rather than returned in the carry."""
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    model = nnx.Linear(3, 3, rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(model, nnx.Param)
    history = []
    xs = jnp.ones((4, 3))

    def sgd_step(params, x):
        m = nnx.merge(graphdef, params)
        grads = nnx.grad(lambda m: jnp.sum(m(x) ** 2))(m)
        new = jax.tree.map(lambda p, g: p - 0.01 * g, nnx.state(m, nnx.Param), grads)
        history.append(new)
        return params, None

    jax.lax.scan(sgd_step, params, xs)
    nnx.update(model, history[-1])
    print(model(xs[0]))
    return None
