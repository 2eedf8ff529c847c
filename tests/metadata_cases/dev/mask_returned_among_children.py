# label: ok
# jax-error: none
# class: 1 particles class returns its mask among the children and only a name string as aux data
import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class Swarm:
    def __init__(self, positions, mask, name="swarm"):
        self.positions = positions
        self.mask = mask
        self.name = name

    def tree_flatten(self):
        return (self.positions, self.mask), self.name

    @classmethod
    def tree_unflatten(cls, name, children):
        return cls(*children, name=name)


@jax.jit
def attract(swarm):
    centre = jnp.sum(swarm.positions * swarm.mask[:, None], axis=0) / jnp.sum(swarm.mask)
    return Swarm(swarm.positions + 0.1 * (centre - swarm.positions), swarm.mask, swarm.name)


def main():
    for step in range(3):
        swarm = Swarm(jnp.ones((4, 2)) * step, jnp.array([1.0, 1.0, 0.0, 1.0]))
        attract(swarm)
