# label: ok
# flax-error: none
# class: 1 the RngStream rngs.brownian is called once before jax.lax.fori_loop and its key folded with the step inline in the Euler-Maruyama body
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class Drift(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dim, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def euler_maruyama(drift, x0, rngs: nnx.Rngs, num_steps=6, dt=0.05, sigma=0.3):
    increments = jnp.zeros((num_steps,) + x0.shape)
    base_key = rngs.brownian()

    def body(i, state):
        x, increments = state
        dw = jnp.sqrt(dt) * jax.random.normal(jax.random.fold_in(base_key, i), x.shape)
        x = x + drift(x) * dt + sigma * dw
        return x, increments.at[i].set(dw)

    return fori_loop(0, num_steps, body, (x0, increments))


def quadratic_variation(dws):
    return jnp.sum(dws**2, axis=0).mean()


def main():
    drift = Drift(2, rngs=nnx.Rngs(0))
    rngs = nnx.Rngs(brownian=5)
    x0 = jnp.zeros((4, 2))
    x_T, dws = euler_maruyama(drift, x0, rngs)
    print("x_T", x_T, "quadratic variation", quadratic_variation(dws))
    return dws
