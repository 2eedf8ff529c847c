# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 derivative_net held as a module attribute is called through a local vector-field function in the RK4 fori_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn


class NeuralODE(nn.Module):
    derivative_net: nn.Module
    num_steps: int = 10
    t1: float = 1.0

    @nn.compact
    def __call__(self, y0):
        dt = self.t1 / self.num_steps

        def f(t, y):
            return self.derivative_net(jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], -1))

        def rk4_step(i, y):
            t = i * dt
            k1 = f(t, y)
            k2 = f(t + dt / 2, y + dt / 2 * k1)
            k3 = f(t + dt / 2, y + dt / 2 * k2)
            k4 = f(t + dt, y + dt * k3)
            return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

        return jax.lax.fori_loop(0, self.num_steps, rk4_step, y0)


def main():
    model = NeuralODE(derivative_net=nn.Dense(4))
    coords = jnp.ones((1, 4))
    params = jax.jit(model.init)(jax.random.key(0), coords)
    out = model.apply(params, coords)
    return None
