# label: ok
# jax-error: none
# class: 1 graph batch keeps len(nodes) in an aux-data dict, not the array
import jax
import jax.numpy as jnp


class NodeBatch:
    def __init__(self, nodes, num_nodes):
        self.nodes = nodes
        self.num_nodes = num_nodes


def flatten_node_batch(batch):
    return (batch.nodes,), {"num_nodes": batch.num_nodes}


def unflatten_node_batch(aux, children):
    return NodeBatch(children[0], aux["num_nodes"])


jax.tree_util.register_pytree_node(NodeBatch, flatten_node_batch, unflatten_node_batch)


@jax.jit
def mean_node(batch):
    return jnp.sum(batch.nodes, axis=0) / batch.num_nodes


def main():
    for step in range(3):
        nodes = jnp.ones((5, 2)) * step
        mean_node(NodeBatch(nodes, len(nodes)))
