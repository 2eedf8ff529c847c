# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a setup submodule's bound method, taken to a local, is handed to a module-level Euler solver whose raw fori_loop body first runs it during init
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


def odeint_euler(func, y0, t0, t1, num_steps):
    dt = (t1 - t0) / num_steps

    def body(i, y):
        t = t0 + i * dt
        return y + dt * func(t, y)

    return jax.lax.fori_loop(0, num_steps, body, y0)


class ODEFunc(nn.Module):
    width: int = 16

    def setup(self):
        self.hidden = nn.Dense(self.width)
        self.out = nn.Dense(4)

    def dynamics(self, t, y, scale=1.0):
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        return scale * self.out(jnp.tanh(self.hidden(h)))


class NeuralODE(nn.Module):
    def setup(self):
        self.func = ODEFunc()
        self.readout = nn.Dense(2)

    def __call__(self, y0):
        f = self.func.dynamics
        y1 = odeint_euler(f, y0, 0.0, 1.0, 6)
        return self.readout(y1)


def main():
    model = NeuralODE()
    y0 = jnp.ones((3, 4))
    params = model.init(jax.random.key(0), y0)
    out = model.apply(params, y0)
    out.block_until_ready()
    return None
