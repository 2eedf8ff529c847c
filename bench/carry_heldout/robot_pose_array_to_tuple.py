# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 robot pose carried as one (3,) array but returned as an (x, y, heading) tuple
import jax.numpy as jnp
from jax import lax


def main():
    controls = jnp.array([[1.0, 0.1], [1.0, 0.0], [0.5, -0.2]])

    def motion(pose, u):
        x, y, th = pose
        v, w = u
        return (x + v * jnp.cos(th), y + v * jnp.sin(th), th + w), pose

    pose, poses = lax.scan(motion, jnp.zeros(3), controls)
    return poses
