# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Euler rollout whose vector-field helper creates self.param, called from the scan body
"""Shape from neural-ODE examples that write a fixed-step integrator with jax.lax.scan inside a
compact module and a helper function for the vector field."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LinearODE(nn.Module):
    dim: int = 3
    dt: float = 0.1
    n_steps: int = 5

    @nn.compact
    def __call__(self, y0):
        def vector_field(y):
            A = self.param("A", nn.initializers.normal(0.1), (self.dim, self.dim))
            return y @ A

        def euler(y, _):
            y = y + self.dt * vector_field(y)
            return y, y

        _, ys = jax.lax.scan(euler, y0, None, length=self.n_steps)
        return ys


def main():
    model = LinearODE()
    y0 = jnp.ones((2, 3))
    variables = model.init(jax.random.PRNGKey(0), y0)
    ys = model.apply(variables, y0)
    jax.block_until_ready(ys)
    return None
