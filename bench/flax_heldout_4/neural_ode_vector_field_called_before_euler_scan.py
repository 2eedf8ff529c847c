# label: ok
# flax-error: none
# class: 2 neural ODE evaluates its setup vector field at t0 before the Euler lax.scan, so init creates params outside the body
import jax
import jax.numpy as jnp
import flax.linen as nn


class ODEFunc(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, t, y):
        h = nn.tanh(nn.Dense(self.hidden)(y))
        return nn.Dense(y.shape[-1])(h) * (1.0 + t)


class ODEBlock(nn.Module):
    n_steps: int = 20

    def setup(self):
        self.func = ODEFunc()

    def __call__(self, y0):
        dt = 1.0 / self.n_steps
        dy0 = self.func(0.0, y0)  # also the first Euler increment

        def euler(y, t):
            y = y + dt * self.func(t, y)
            return y, y

        y1 = y0 + dt * dy0
        ts = jnp.arange(1, self.n_steps) * dt
        y_final, traj = jax.lax.scan(euler, y1, ts)
        return y_final, traj


def main():
    model = ODEBlock()
    y0 = jnp.ones((5, 3))
    variables = model.init(jax.random.PRNGKey(0), y0)
    y, traj = jax.jit(model.apply)(variables, y0)
    print(y.shape, traj.shape)
    return None
