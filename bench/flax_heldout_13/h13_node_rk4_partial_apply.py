# label: ok
# flax-error: none
# class: 4 a module-level RK4 integrator runs a fori_loop over functools.partial(field.apply, params), a pure apply of closed-over params
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class VectorField(nn.Module):
    width: int = 32
    depth: int = 2

    @nn.compact
    def __call__(self, t, y):
        h = jnp.concatenate([y, jnp.broadcast_to(t, y.shape[:-1] + (1,))], -1)
        for i in range(self.depth):
            h = nn.softplus(nn.Dense(self.width, name=f"hidden_{i}")(h))
        return nn.Dense(y.shape[-1], name="out")(h)


def rk4_step(fn, t, y, dt):
    k1 = fn(t, y)
    k2 = fn(t + dt / 2, y + dt / 2 * k1)
    k3 = fn(t + dt / 2, y + dt / 2 * k2)
    k4 = fn(t + dt, y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def odeint(fn, y0, t0, t1, num_steps):
    dt = (t1 - t0) / num_steps

    def body(i, y):
        return rk4_step(fn, t0 + i * dt, y, dt)

    return jax.lax.fori_loop(0, num_steps, body, y0)


class NeuralODE:
    def __init__(self, field: nn.Module):
        self.field = field

    def solve(self, params, y0):
        fn = functools.partial(self.field.apply, params)
        return odeint(fn, y0, 0.0, 1.0, 10)


def main():
    field = VectorField()
    y0 = jnp.ones((4, 2))
    params = field.init(jax.random.key(0), 0.0, y0)
    ode = NeuralODE(field)
    loss = lambda p: jnp.mean(ode.solve(p, y0) ** 2)
    grads = jax.grad(loss)(params)
    jax.tree.map(lambda a: a + 0, grads)
    return None
