# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 Particles registered with register_pytree_node_class returns its mask bare as aux data; the mask is built with jnp.array at the call site
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class Particles:
    def __init__(self, positions, mask):
        self.positions = positions
        self.mask = mask

    def tree_flatten(self):
        children = (self.positions,)
        return children, self.mask

    @classmethod
    def tree_unflatten(cls, mask, children):
        return cls(children[0], mask)


@jax.jit
def drift(particles, dt):
    moved = particles.positions + dt * jnp.where(particles.mask[:, None], 1.0, 0.0)
    return Particles(moved, particles.mask)


def main():
    alive = [True, True, False, True]
    for step in range(3):
        particles = Particles(jnp.zeros((4, 2)) + step, jnp.array(alive))
        particles = drift(particles, 0.1)
