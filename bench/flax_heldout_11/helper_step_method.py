# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 bound helper method is the scan body and builds nn.Dense inline
import jax
import jax.numpy as jnp
import jax.lax as lax
import flax.linen as nn


class Integrator(nn.Module):
    dt: float = 0.1

    def _euler(self, y, t):
        f = nn.Dense(y.shape[-1], name="vector_field")
        y = y + self.dt * f(y)
        return y, y

    @nn.compact
    def __call__(self, y0, ts):
        _, traj = lax.scan(self._euler, y0, ts)
        return traj


def main():
    ode = Integrator()
    y0 = jnp.ones((2,))
    ts = jnp.linspace(0, 1, 10)
    params = ode.init(jax.random.PRNGKey(0), y0, ts)
    traj = ode.apply(params, y0, ts)
    print(traj[-1])
    return None
