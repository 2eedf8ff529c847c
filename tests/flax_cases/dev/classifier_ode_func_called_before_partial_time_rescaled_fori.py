# label: ok
# flax-error: none
# class: 4 the compact ODEFunc is called once (`func(0.0, y0)`) before `partial(time_rescaled, func, 1.0)` hands it to the integrator's fori_loop body through an rk4 step helper
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


def time_rescaled(f, horizon, s, y):
    return horizon * f(s * horizon, y)


def rk4_step(f, t, y, dt):
    k1 = f(t, y)
    return y + dt * f(t + dt, y + dt * k1)


def odeint(f, y0, num_steps):
    def body(i, y):
        return rk4_step(f, i * 0.1, y, 0.1)
    return jax.lax.fori_loop(0, num_steps, body, y0)


class ODEFunc(nn.Module):
    @nn.compact
    def __call__(self, t, y):
        return nn.Dense(y.shape[-1])(y * t)


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, y0):
        func = ODEFunc()
        func(0.0, y0)
        return odeint(functools.partial(time_rescaled, func, 1.0), y0, 4)


def main():
    model = Classifier()
    y0 = jnp.ones((2, 3))
    variables = model.init(jax.random.key(0), y0)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, y0)
    jax.tree.map(lambda a: a + 0, out)
