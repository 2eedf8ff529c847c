# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a self.variable('counter', ...) is incremented inside a raw lax.fori_loop body in the module's __call__
"""A module that counts its own solver iterations in a variable, like a registered buffer in PyTorch."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class FixedPoint(nn.Module):
    iters: int = 4

    @nn.compact
    def __call__(self, x):
        dense = nn.Dense(x.shape[-1])
        count = self.variable("counter", "iters", lambda: jnp.zeros((), jnp.int32))
        z = dense(x)

        def body(i, z):
            count.value += 1
            return jnp.tanh(dense(z) + x)

        return lax.fori_loop(0, self.iters, body, z)


def main():
    model = FixedPoint()
    x = jnp.ones((2, 3))
    variables = model.init(jax.random.PRNGKey(0), x)
    z, updates = model.apply(variables, x, mutable=["counter"])
    print("iterations:", int(updates["counter"]["iters"]))
    return None
