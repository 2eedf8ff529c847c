# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 vector-field module passed to a module-level RK4 fori_loop integrator appends each evaluated state to its own Python list
import jax
import jax.numpy as jnp
from flax import nnx


class VectorField(nnx.Module):
    def __init__(self, dim, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)
        self.trajectory = []

    def __call__(self, y, t):
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        dy = self.l2(nnx.softplus(self.l1(h)))
        self.trajectory.append(y)
        return dy


def rk4_integrate(f, y0, t0, t1, num_steps):
    dt = (t1 - t0) / num_steps

    def step(i, y):
        t = t0 + i * dt
        k1 = f(y, t)
        k2 = f(y + dt / 2 * k1, t + dt / 2)
        k3 = f(y + dt / 2 * k2, t + dt / 2)
        k4 = f(y + dt * k3, t + dt)
        return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    return jax.lax.fori_loop(0, num_steps, step, y0)


def main():
    field = VectorField(3, 32, rngs=nnx.Rngs(0))
    y1 = rk4_integrate(field, jnp.ones((2, 3)), 0.0, 1.0, 10)
    path = jnp.stack(field.trajectory)
    return None
