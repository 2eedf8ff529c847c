# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a `field: nn.Module` vector field handed to a module-level *args RK4 integrator that runs lax.scan over a lambda
import jax
import jax.numpy as jnp
import flax.linen as nn


def odeint_rk4(f, y0, ts, *args):
    def rk4(y, dt):
        k1 = f(y, *args)
        k2 = f(y + dt / 2 * k1, *args)
        k3 = f(y + dt / 2 * k2, *args)
        k4 = f(y + dt * k3, *args)
        y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y, y
    return jax.lax.scan(lambda y, dt: rk4(y, dt), y0, jnp.diff(ts))[1]


class MLPField(nn.Module):
    @nn.compact
    def __call__(self, y, scale):
        return scale * nn.Dense(y.shape[-1])(nn.softplus(nn.Dense(24)(y)))


class NeuralODE(nn.Module):
    field: nn.Module

    def __call__(self, y0, ts):
        return odeint_rk4(self.field, y0, ts, 0.5)


def main():
    ode = NeuralODE(field=MLPField())
    y0 = jnp.array([1.0, 0.0])
    ts = jnp.linspace(0.0, 1.0, 11)
    params = ode.init(jax.random.PRNGKey(0), y0, ts)
    traj = ode.apply(params, y0, ts)
    jnp.sum(traj).block_until_ready()
    return None
