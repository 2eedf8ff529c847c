# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 neural ODE whose Euler step calls a helper that constructs the MLP vector field
import flax.linen as nn
import jax
import jax.numpy as jnp


def vector_field(h, t, width):
    z = jnp.concatenate([h, jnp.full(h.shape[:-1] + (1,), t)], axis=-1)
    z = nn.tanh(nn.Dense(width)(z))
    return nn.Dense(h.shape[-1])(z)


class NeuralODE(nn.Module):
    width: int = 16
    steps: int = 10

    @nn.compact
    def __call__(self, h0):
        dt = 1.0 / self.steps

        def euler(h, t):
            return h + dt * vector_field(h, t, self.width), h

        h1, path = jax.lax.scan(euler, h0, jnp.arange(self.steps) * dt)
        return h1


def main():
    h0 = jnp.ones((4, 3))
    ode = NeuralODE()
    variables = ode.init(jax.random.PRNGKey(0), h0)
    ode.apply(variables, h0)
