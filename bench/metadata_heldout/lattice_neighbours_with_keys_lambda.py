# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 Ising lattice registered with register_pytree_with_keys through lambdas keeps a jnp.roll neighbour table in aux data
import jax
import jax.numpy as jnp
from jax import tree_util


class Lattice:
    def __init__(self, spins, neighbours):
        self.spins = spins
        self.neighbours = neighbours


tree_util.register_pytree_with_keys(
    Lattice,
    lambda lat: (((tree_util.GetAttrKey("spins"), lat.spins),), lat.neighbours),
    lambda neighbours, children: Lattice(children[0], neighbours),
)


def ring_lattice(n):
    return Lattice(jnp.ones(n), jnp.roll(jnp.arange(n), 1))


@jax.jit
def energy(lattice):
    return -jnp.sum(lattice.spins * lattice.spins[lattice.neighbours])


def main():
    for _ in range(3):
        energy(ring_lattice(6))
