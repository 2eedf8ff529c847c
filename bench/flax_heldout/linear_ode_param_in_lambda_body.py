# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 linear ODE integrator whose lambda body reads its system matrix with self.param
import flax.linen as nn
import jax
import jax.numpy as jnp


class LinearODE(nn.Module):
    dim: int = 3
    steps: int = 20

    @nn.compact
    def __call__(self, y0):
        dt = 1.0 / self.steps
        init = nn.initializers.normal(0.1)
        y1, path = jax.lax.scan(
            lambda y, _: (y + dt * y @ self.param("A", init, (self.dim, self.dim)), y),
            y0,
            None,
            length=self.steps,
        )
        return y1


def main():
    y0 = jnp.ones((2, 3))
    ode = LinearODE()
    variables = ode.init(jax.random.PRNGKey(0), y0)
    ode.apply(variables, y0)
