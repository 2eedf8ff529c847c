# label: ok
# flax-error: none
# class: 3 a module-level Euler solver gets a lambda that calls func.apply(params, t, y, scale=0.5) with params from an init outside the loop; its raw fori_loop body calls the lambda
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

    def __call__(self, t, y, scale=1.0):
        h = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        return scale * self.out(jnp.tanh(self.hidden(h)))


def main():
    func = ODEFunc()
    y0 = jnp.ones((3, 4))
    params = func.init(jax.random.key(0), 0.0, y0)
    y1 = odeint_euler(lambda t, y: func.apply(params, t, y, scale=0.5), y0, 0.0, 1.0, 6)
    y1.block_until_ready()
    return None
