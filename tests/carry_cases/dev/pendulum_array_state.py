# label: ok
# jax-error: none
# class: 3 pendulum state carried as one array and unpacked and restacked each step
import jax.numpy as jnp
from jax import lax


def main():
    dt, g, length = 0.02, 9.81, 1.0

    def step(state, _):
        theta, omega = state
        omega = omega - dt * g / length * jnp.sin(theta)
        theta = theta + dt * omega
        return jnp.stack([theta, omega]), theta

    _, thetas = lax.scan(step, jnp.array([0.5, 0.0]), None, length=100)
    return thetas
