# label: ok
# jax-error: none
# class: 1 graph returns nodes and edge index arrays as children and None as aux data
import jax
import jax.numpy as jnp
from jax import tree_util


@tree_util.register_pytree_node_class
class EdgeGraph:
    def __init__(self, nodes, senders, receivers):
        self.nodes = nodes
        self.senders = senders
        self.receivers = receivers

    def tree_flatten(self):
        return (self.nodes, self.senders, self.receivers), None

    @classmethod
    def tree_unflatten(cls, _, children):
        return cls(*children)


@jax.jit
def propagate(graph):
    incoming = jnp.zeros_like(graph.nodes).at[graph.receivers].add(graph.nodes[graph.senders])
    return EdgeGraph(incoming, graph.senders, graph.receivers)


def main():
    for _ in range(3):
        graph = EdgeGraph(jnp.ones((3, 2)), jnp.array([0, 1, 2]), jnp.array([1, 2, 0]))
        propagate(graph)
