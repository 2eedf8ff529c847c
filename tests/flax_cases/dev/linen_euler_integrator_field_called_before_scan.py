# label: ok
# flax-error: none
# class: 4 a `field: nn.Module` handed to a module-level Euler integrator that calls it once before its scan, then in the body
import jax
import jax.numpy as jnp
import flax.linen as nn

def odeint_euler(f, y0, ts):
    y0 = y0 + 0.0 * f(y0)
    def euler(y, dt):
        y = y + dt * f(y)
        return y, y
    return jax.lax.scan(euler, y0, jnp.diff(ts))[1]

class MLPField(nn.Module):
    @nn.compact
    def __call__(self, y):
        return nn.Dense(y.shape[-1])(y)

class NeuralODE(nn.Module):
    field: nn.Module

    def __call__(self, y0, ts):
        return odeint_euler(self.field, y0, ts)

ode = NeuralODE(field=MLPField())


def main():
    y0 = jnp.ones((3,))
    ts = jnp.linspace(0.0, 1.0, 6)
    variables = ode.init(jax.random.key(0), y0, ts)
    ode.apply(variables, y0, ts)
