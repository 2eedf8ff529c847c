# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'list'>, [Array([0., 0.], dtype=float32), Array([1., 1.], dtype=float32)]. The error was:
# class: 3 @jax.jit(static_argnames=...) used as a decorator factory, called with a list of jnp arrays
import jax
import jax.numpy as jnp


@jax.jit(static_argnames=("anchors",))
def nearest_anchor(points, anchors):
    table = jnp.stack(anchors)
    distances = jnp.sum((points[:, None] - table[None]) ** 2, axis=-1)
    return jnp.argmin(distances, axis=1)


def main():
    anchors = [jnp.array([0.0, 0.0]), jnp.array([1.0, 1.0])]
    for _ in range(3):
        nearest_anchor(jnp.ones((5, 2)), anchors=anchors)
