# label: ok
# flax-error: none
# class: 4 the NNX ODE function travels inside the raw lax.while_loop carry (NNX modules are pytrees); the body calls the carried module, whose nfe counter is bumped, and the caller syncs the returned module back
"""Continuous-depth model: integrate an NNX vector field with RK4 until t1 (torchdiffeq style nfe counting)."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ODEFunc(nnx.Module):
    def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)
        self.nfe = nnx.Variable(jnp.array(0))

    def __call__(self, t, y):
        self.nfe.value += 1
        ty = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], -1)
        return self.l2(jnp.tanh(self.l1(ty)))


def odeint_rk4(f, y0, t0=0.0, t1=1.0, dt=0.25):
    def cond(state):
        t, _, _ = state
        return t < t1 - 1e-6

    def body(state):
        t, y, f = state
        k1 = f(t, y)
        k2 = f(t + dt / 2, y + dt / 2 * k1)
        k3 = f(t + dt / 2, y + dt / 2 * k2)
        k4 = f(t + dt, y + dt * k3)
        return t + dt, y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4), f

    _, y1, f_out = lax.while_loop(cond, body, (jnp.asarray(t0), y0, f))
    return y1, f_out


def main():
    func = ODEFunc(2, 16, rngs=nnx.Rngs(0))
    y0 = jax.random.normal(jax.random.key(1), (5, 2))
    y1, func_out = odeint_rk4(func, y0)
    nnx.update(func, nnx.state(func_out))
    print(y1.shape, int(func.nfe.value))
