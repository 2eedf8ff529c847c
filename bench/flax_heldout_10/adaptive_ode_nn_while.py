# label: ok
# flax-error: none
# class: 3 lifted nn.while_loop whose body_fn calls the helper method mdl.euler
"""Neural ODE integrated until t1 with a step-doubling controller using the lifted nn.while_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Field(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, t, y):
        h = nn.tanh(nn.Dense(32)(jnp.concatenate([y, jnp.atleast_1d(t)])))
        return nn.Dense(self.dim)(h)


class AdaptiveODE(nn.Module):
    dim: int = 3
    t1: float = 1.0
    tol: float = 1e-3

    def setup(self):
        self.f = Field(self.dim)

    def euler(self, t, y, dt):
        return y + dt * self.f(t, y)

    def __call__(self, y0):
        _ = self.f(0.0, y0)

        def cond_fn(mdl, c):
            t, y, dt, n = c
            return (t < mdl.t1) & (n < 50)

        def body_fn(mdl, c):
            t, y, dt, n = c
            full = mdl.euler(t, y, dt)
            half = mdl.euler(t + dt / 2, mdl.euler(t, y, dt / 2), dt / 2)
            err = jnp.max(jnp.abs(full - half))
            ok = err < mdl.tol
            y = jnp.where(ok, half, y)
            t = jnp.where(ok, t + dt, t)
            dt = jnp.clip(jnp.where(ok, dt * 1.5, dt * 0.5), 1e-3, mdl.t1 - t + 1e-6)
            return t, y, dt, n + 1

        init = (jnp.array(0.0), y0, jnp.array(0.1), jnp.array(0))
        t, y, dt, n = nn.while_loop(cond_fn, body_fn, self, init)
        return y


def main():
    model = AdaptiveODE()
    y0 = jnp.ones((3,))
    params = model.init(jax.random.key(0), y0)
    y1 = model.apply(params, y0)
    return None
