# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 Euler integrator collects the trajectory with jnp.append on the carry
import jax.numpy as jnp
from jax.lax import scan


def main():
    ts = jnp.linspace(0.0, 1.0, 10)

    def euler(carry, t):
        y, traj = carry
        y = y + 0.1 * (-2.0 * y + jnp.sin(t))
        traj = jnp.append(traj, y)
        return (y, traj), None

    (y, traj), _ = scan(euler, (jnp.float32(1.0), jnp.zeros(0)), ts)
    return traj
