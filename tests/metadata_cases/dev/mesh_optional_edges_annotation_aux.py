# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 mesh keeps edge index arrays annotated Tuple[Optional[jnp.ndarray], ...] in aux data
from typing import Optional, Tuple

import jax
import jax.numpy as jnp


class Mesh:
    vertices: jnp.ndarray
    edges: Tuple[Optional[jnp.ndarray], ...]

    def __init__(self, vertices, edges):
        self.vertices = vertices
        self.edges = edges


jax.tree_util.register_pytree_node(
    Mesh,
    lambda mesh: ((mesh.vertices,), mesh.edges),
    lambda edges, children: Mesh(children[0], edges),
)


@jax.jit
def laplacian_smooth(mesh):
    source, target = mesh.edges[0], mesh.edges[1]
    neighbour_sum = jnp.zeros_like(mesh.vertices).at[target].add(mesh.vertices[source])
    return Mesh(0.5 * mesh.vertices + 0.25 * neighbour_sum, mesh.edges)


def main():
    for _ in range(3):
        edges = (jnp.array([0, 1, 2]), jnp.array([1, 2, 0]), None)
        laplacian_smooth(Mesh(jnp.ones((3, 2)), edges))
