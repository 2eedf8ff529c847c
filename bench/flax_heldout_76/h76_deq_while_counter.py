# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.variable('stats', 'iterations') written inside the while_loop body of a compact method
"""Deep-equilibrium layer: fixed-point iteration with jax.lax.while_loop,
counting how many iterations the solver used in a 'stats' variable."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DEQLayer(nn.Module):
    features: int = 8
    tol: float = 1e-3
    max_iter: int = 20

    @nn.compact
    def __call__(self, x):
        f = nn.Dense(self.features)
        u = nn.Dense(self.features, use_bias=False)
        iters = self.variable("stats", "iterations", lambda: jnp.array(0, jnp.int32))
        z0 = jnp.zeros(x.shape[:-1] + (self.features,))
        z1 = jnp.tanh(f(z0) + u(x))

        def cond(state):
            z_prev, z, i = state
            return (jnp.max(jnp.abs(z - z_prev)) > self.tol) & (i < self.max_iter)

        def body(state):
            _, z, i = state
            iters.value = iters.value + 1
            return z, jnp.tanh(0.5 * f(z) + u(x)), i + 1

        _, z, _ = lax.while_loop(cond, body, (z0, z1, 0))
        return z


def main():
    model = DEQLayer()
    x = jax.random.normal(jax.random.key(0), (4, 3))
    variables = model.init(jax.random.key(1), x)
    z, state = model.apply({"params": variables["params"], "stats": variables["stats"]}, x,
                           mutable=["stats"])
    print("solver iterations:", int(state["stats"]["iterations"]))
    return None
