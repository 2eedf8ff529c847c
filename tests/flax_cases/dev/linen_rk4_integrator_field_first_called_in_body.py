# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a `field: nn.Module` attribute handed to a module-level RK4 integrator with `*args`, first called in the integrator's scan body
import jax
import jax.numpy as jnp
import flax.linen as nn

def odeint_rk4(f, y0, ts, *args):
    def rk4(y, dt):
        k1 = f(y, *args)
        k2 = f(y + dt / 2 * k1, *args)
        y = y + dt / 2 * (k1 + k2)
        return y, y
    return jax.lax.scan(lambda y, dt: rk4(y, dt), y0, jnp.diff(ts))[1]

class MLPField(nn.Module):
    @nn.compact
    def __call__(self, y, scale):
        return scale * nn.Dense(y.shape[-1])(y)

class NeuralODE(nn.Module):
    field: nn.Module

    def __call__(self, y0, ts):
        return odeint_rk4(self.field, y0, ts, 0.5)

ode = NeuralODE(field=MLPField())


def main():
    y0 = jnp.ones((3,))
    ts = jnp.linspace(0.0, 1.0, 6)
    variables = ode.init(jax.random.key(0), y0, ts)
    ode.apply(variables, y0, ts)
