# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 jraph-style graph keeps senders and receivers (np.asarray in a factory) in an aux-data dict
import jax
import jax.numpy as jnp
import numpy as np


class Graph:
    def __init__(self, nodes, senders, receivers):
        self.nodes = nodes
        self.senders = senders
        self.receivers = receivers


def _flatten_graph(graph):
    return (graph.nodes,), {"senders": graph.senders, "receivers": graph.receivers}


def _unflatten_graph(aux, children):
    return Graph(children[0], aux["senders"], aux["receivers"])


jax.tree_util.register_pytree_node(Graph, _flatten_graph, _unflatten_graph)


def ring_graph(num_nodes, features):
    senders = np.asarray(list(range(num_nodes)))
    receivers = np.asarray([(i + 1) % num_nodes for i in range(num_nodes)])
    return Graph(jnp.ones((num_nodes, features)), senders, receivers)


@jax.jit
def message_passing(graph):
    messages = graph.nodes[graph.senders]
    aggregated = jax.ops.segment_sum(messages, graph.receivers, num_segments=graph.nodes.shape[0])
    return Graph(aggregated, graph.senders, graph.receivers)


def main():
    for _ in range(3):
        graph = ring_graph(5, 3)
        message_passing(graph)
