# label: ok
# jax-error: none
# class: 3 robot pose carried and returned as an (x, y, heading) tuple
import jax.numpy as jnp
from jax import lax


def main():
    controls = jnp.array([[1.0, 0.1], [1.0, 0.0], [0.5, -0.2]])

    def motion(pose, u):
        x, y, th = pose
        v, w = u
        pose = (x + v * jnp.cos(th), y + v * jnp.sin(th), th + w)
        return pose, jnp.stack(pose)

    pose, poses = lax.scan(motion, (0.0, 0.0, 0.0), controls)
    return poses
