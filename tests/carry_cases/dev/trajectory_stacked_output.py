# label: ok
# jax-error: none
# class: 2 Euler integrator returns each state as the per-step output and lets scan stack them
import jax.numpy as jnp
from jax.lax import scan


def main():
    ts = jnp.linspace(0.0, 1.0, 10)

    def euler(y, t):
        y = y + 0.1 * (-2.0 * y + jnp.sin(t))
        return y, y

    y, traj = scan(euler, jnp.float32(1.0), ts)
    return traj
