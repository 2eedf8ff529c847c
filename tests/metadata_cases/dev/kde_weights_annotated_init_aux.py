# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 kernel density estimate annotates its weights jax.Array in __init__ and returns them as aux data
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class KernelDensity:
    def __init__(self, points: jax.Array, weights: jax.Array, bandwidth: float = 0.5):
        self.points = points
        self.weights = weights
        self.bandwidth = bandwidth

    def tree_flatten(self):
        return (self.points,), (self.weights, self.bandwidth)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(children[0], *aux)


@jax.jit
def density(kde, x):
    kernel = jnp.exp(-0.5 * ((x - kde.points) / kde.bandwidth) ** 2)
    return jnp.sum(kde.weights * kernel)


def main():
    points = jnp.linspace(-1.0, 1.0, 4)
    for _ in range(3):
        weights = jnp.full((4,), 0.25)
        density(KernelDensity(points, weights), 0.3)
