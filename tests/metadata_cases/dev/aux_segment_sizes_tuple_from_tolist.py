# label: ok
# jax-error: none
# class: 1 batched graphs keep per-graph node counts as tuple(np.asarray(...).tolist()) in aux data
import jax
import jax.numpy as jnp
import numpy as np


class GraphsTuple:
    def __init__(self, nodes, n_node):
        self.nodes = nodes
        self.n_node = n_node


jax.tree_util.register_pytree_node(
    GraphsTuple,
    lambda g: ((g.nodes,), g.n_node),
    lambda n_node, children: GraphsTuple(children[0], n_node),
)


def batch_graphs(node_lists):
    n_node = tuple(np.asarray([len(nodes) for nodes in node_lists]).tolist())
    return GraphsTuple(jnp.concatenate([jnp.asarray(n) for n in node_lists]), n_node)


@jax.jit
def graph_sums(graphs):
    ids = jnp.repeat(jnp.arange(len(graphs.n_node)), jnp.asarray(graphs.n_node), total_repeat_length=graphs.nodes.shape[0])
    return jax.ops.segment_sum(graphs.nodes, ids, num_segments=len(graphs.n_node))


def main():
    for step in range(3):
        graph_sums(batch_graphs([[1.0 * step, 2.0], [3.0, 4.0, 5.0]]))
