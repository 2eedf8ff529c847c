# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 pendulum state carried as a (theta, omega) tuple but returned as one stacked array
import jax.numpy as jnp
from jax import lax


def main():
    dt, g, length = 0.02, 9.81, 1.0

    def step(state, _):
        theta, omega = state
        omega = omega - dt * g / length * jnp.sin(theta)
        theta = theta + dt * omega
        return jnp.stack([theta, omega]), theta

    _, thetas = lax.scan(step, (jnp.float32(0.5), jnp.float32(0.0)), None, length=100)
    return thetas
