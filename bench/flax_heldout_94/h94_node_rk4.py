# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the dynamics network is first called, and so initialised, inside a jax.lax.fori_loop RK4 integrator
"""Neural ODE with a hand-written fixed-step RK4 integrator (to avoid diffrax); the vector field
is a compact submodule first called inside the fori_loop body."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class VectorField(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, t, y):
        h = jnp.concatenate([y, jnp.broadcast_to(t, y.shape[:-1] + (1,))], -1)
        h = nn.tanh(nn.Dense(self.hidden)(h))
        return nn.Dense(y.shape[-1])(h)


class NeuralODE(nn.Module):
    steps: int = 8
    t1: float = 1.0

    @nn.compact
    def __call__(self, y0):
        f = VectorField()
        dt = self.t1 / self.steps

        def rk4_step(i, y):
            t = i * dt
            k1 = f(t, y)
            k2 = f(t + dt / 2, y + dt / 2 * k1)
            k3 = f(t + dt / 2, y + dt / 2 * k2)
            k4 = f(t + dt, y + dt * k3)
            return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

        return lax.fori_loop(0, self.steps, rk4_step, y0)


def main():
    model = NeuralODE()
    y0 = jnp.ones((2, 3))
    variables = model.init(jax.random.PRNGKey(0), y0)
    y1 = model.apply(variables, y0)
    print(y1)
