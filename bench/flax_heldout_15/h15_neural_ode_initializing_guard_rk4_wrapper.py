# label: ok
# flax-error: none
# class: 4 bound setup submodule passed to a module-level RK4 fori_loop wrapper after an is_initializing() warm-up call
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


def rk4_integrate(f, y0, t0, t1, num_steps):
    dt = (t1 - t0) / num_steps

    def step(i, y):
        t = t0 + i * dt
        k1 = f(y, t)
        k2 = f(y + dt / 2 * k1, t + dt / 2)
        k3 = f(y + dt / 2 * k2, t + dt / 2)
        k4 = f(y + dt * k3, t + dt)
        return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    return lax.fori_loop(0, num_steps, step, y0)


class VectorField(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, y, t):
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        h = nn.softplus(nn.Dense(self.hidden)(h))
        return nn.Dense(y.shape[-1])(h)


class ODEBlock(nn.Module):
    def setup(self):
        self.field = VectorField()

    def __call__(self, y0):
        if self.is_initializing():
            self.field(y0, 0.0)
        return rk4_integrate(self.field, y0, 0.0, 1.0, 8)


def main():
    model = ODEBlock()
    y0 = jax.random.normal(jax.random.key(0), (5, 3))
    variables = model.init(jax.random.key(1), y0)
    y1 = model.apply(variables, y0)
    grads = jax.grad(lambda v: model.apply(v, y0).sum())(variables)
    jax.tree.map(lambda a: a + 0, grads)
    return None
