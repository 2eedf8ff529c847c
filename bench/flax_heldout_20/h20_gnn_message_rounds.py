# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 EdgeMLP submodule is first created in _messages(), called by _round() from the fori_loop body of the compact __call__ during init
"""Message-passing network for a node regression task on a small fixed graph.

Each round computes edge messages from (sender, receiver) features, aggregates them
with a segment sum and updates nodes with a residual MLP; rounds share weights.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class GraphConfig:
    hidden: int = 16
    rounds: int = 3
    n_nodes: int = 5


class EdgeMLP(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, src, dst):
        h = nn.relu(nn.Dense(self.hidden)(jnp.concatenate([src, dst], axis=-1)))
        return nn.Dense(self.hidden)(h)


class MessagePassingNet(nn.Module):
    cfg: GraphConfig

    def _messages(self, h, senders, receivers):
        msg = EdgeMLP(self.cfg.hidden, name="edge_mlp")(h[senders], h[receivers])
        return jax.ops.segment_sum(msg, receivers, num_segments=self.cfg.n_nodes)

    def _round(self, h, senders, receivers):
        agg = self._messages(h, senders, receivers)
        return h + nn.tanh(agg)

    @nn.compact
    def __call__(self, node_feats, senders, receivers):
        h = nn.Dense(self.cfg.hidden, name="encode")(node_feats)
        h = jax.lax.fori_loop(0, self.cfg.rounds, lambda r, h: self._round(h, senders, receivers), h)
        return nn.Dense(1, name="readout")(h).squeeze(-1)


def mse(model, variables, graph, targets):
    pred = model.apply(variables, *graph)
    return jnp.mean((pred - targets) ** 2)


def main():
    cfg = GraphConfig()
    model = MessagePassingNet(cfg)
    feats = jax.random.normal(jax.random.key(0), (cfg.n_nodes, 3))
    senders = jnp.array([0, 1, 2, 3, 4, 0])
    receivers = jnp.array([1, 2, 3, 4, 0, 2])
    graph = (feats, senders, receivers)
    variables = model.init(jax.random.key(1), *graph)
    targets = jnp.arange(cfg.n_nodes, dtype=jnp.float32)
    mse(model, variables, graph, targets)
    return None
