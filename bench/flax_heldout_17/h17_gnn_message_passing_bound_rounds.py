# label: ok
# flax-error: none
# class: 3 a module bound with model.bind is held by propagate, whose fori_loop body calls its message_round method read-only
"""Message-passing GNN: extra propagation rounds at inference time on a bound model."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class Graph:
    nodes: jnp.ndarray
    senders: jnp.ndarray
    receivers: jnp.ndarray


class MLP(nn.Module):
    widths: tuple

    @nn.compact
    def __call__(self, x):
        for i, w in enumerate(self.widths):
            x = nn.Dense(w)(x)
            if i < len(self.widths) - 1:
                x = nn.relu(x)
        return x


class GraphNet(nn.Module):
    latent: int = 16
    out_dim: int = 1

    def setup(self):
        self.encoder = nn.Dense(self.latent)
        self.edge_mlp = MLP((self.latent, self.latent))
        self.node_mlp = MLP((self.latent, self.latent))
        self.decoder = nn.Dense(self.out_dim)

    def message_round(self, h, senders, receivers):
        messages = self.edge_mlp(jnp.concatenate([h[senders], h[receivers]], -1))
        agg = jax.ops.segment_sum(messages, receivers, num_segments=h.shape[0])
        return h + self.node_mlp(jnp.concatenate([h, agg], -1))

    def __call__(self, graph: Graph):
        h = self.encoder(graph.nodes)
        h = self.message_round(h, graph.senders, graph.receivers)
        return self.decoder(h)


def propagate(bound, graph, rounds):
    h = bound.encoder(graph.nodes)

    def body(_, h):
        return bound.message_round(h, graph.senders, graph.receivers)

    h = jax.lax.fori_loop(0, rounds, body, h)
    return bound.decoder(h)


def ring_graph(n, key):
    senders = jnp.arange(n)
    receivers = (senders + 1) % n
    return Graph(jax.random.normal(key, (n, 3)), jnp.concatenate([senders, receivers]),
                 jnp.concatenate([receivers, senders]))


def main():
    graph = ring_graph(6, jax.random.key(0))
    model = GraphNet()
    variables = model.init(jax.random.key(1), graph)
    bound = model.bind(variables)
    out = propagate(bound, graph, rounds=4)
    print(out.squeeze(-1))
    return None
