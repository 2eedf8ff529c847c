# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the method self.dynamics is handed through functools.partial to an rk4 helper that runs fori_loop; it bumps an NFE counter variable in the 'diagnostics' collection, which apply does not make mutable
"""Neural ODE emulator of a damped double pendulum, integrated with fixed-step RK4.
Counts function evaluations (NFE) the way many neural-ODE papers report them."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


def rk4_integrate(f, y0, t0, dt, num_steps):
    def body(i, y):
        t = t0 + i * dt
        k1 = f(t, y)
        k2 = f(t + dt / 2, y + dt / 2 * k1)
        k3 = f(t + dt / 2, y + dt / 2 * k2)
        k4 = f(t + dt, y + dt * k3)
        return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    return fori_loop(0, num_steps, body, y0)


class PendulumODE(nn.Module):
    hidden: int = 32
    damping: float = 0.05

    def setup(self):
        self.net = nn.Sequential([nn.Dense(self.hidden), nn.tanh,
                                  nn.Dense(self.hidden), nn.tanh, nn.Dense(4)])
        self.nfe = self.variable("diagnostics", "nfe", lambda: jnp.zeros((), jnp.int32))

    def dynamics(self, t, y, *, scale=1.0):
        self.nfe.value += 1
        tt = jnp.broadcast_to(t, y.shape[:-1] + (1,))
        return scale * self.net(jnp.concatenate([y, tt], -1)) - self.damping * y

    def __call__(self, y0, t1: float = 1.0, num_steps: int = 20):
        if self.is_initializing():
            return self.dynamics(0.0, y0)
        f = functools.partial(self.dynamics, scale=1.0)
        return rk4_integrate(f, y0, 0.0, t1 / num_steps, num_steps)


def main():
    y0 = jax.random.normal(jax.random.key(0), (8, 4))  # (theta1, theta2, omega1, omega2)
    model = PendulumODE()
    variables = model.init(jax.random.key(1), y0)
    y1 = model.apply(variables, y0)
    jax.block_until_ready(y1)
    return None
