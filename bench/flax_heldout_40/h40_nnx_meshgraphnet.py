# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the module method self.process (with an nnx.Dropout holding its own rng stream) is called from the lax.fori_loop body, a lambda over self
"""MeshGraphNet-style learned simulator: encode mesh nodes, run weight-shared message
passing rounds with dropout, decode per-node accelerations."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class MeshGraphNet(nnx.Module):
    def __init__(self, node_in: int, hidden: int, num_rounds: int, *, rngs: nnx.Rngs):
        self.num_rounds = num_rounds
        self.rngs = rngs
        self.encoder = nnx.Linear(node_in, hidden, rngs=rngs)
        self.edge_mlp = nnx.Linear(2 * hidden + 3, hidden, rngs=rngs)
        self.node_mlp = nnx.Linear(2 * hidden, hidden, rngs=rngs)
        self.norm = nnx.LayerNorm(hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.decoder = nnx.Linear(hidden, 3, rngs=rngs)

    def process(self, h, senders, receivers, rel_pos, key=None):
        e = nnx.relu(self.edge_mlp(jnp.concatenate([h[senders], h[receivers], rel_pos], -1)))
        agg = jax.ops.segment_sum(e, receivers, num_segments=h.shape[0])
        upd = self.drop(self.node_mlp(jnp.concatenate([h, agg], -1)), rngs=key)
        return h + self.norm(upd)

    def __call__(self, nodes, pos, senders, receivers):
        rel_pos = pos[senders] - pos[receivers]
        h = self.encoder(nodes)
        h = lax.fori_loop(0, self.num_rounds,
                          lambda i, h: self.process(h, senders, receivers, rel_pos), h)
        return self.decoder(h)


def main():
    n_nodes = 10
    key = jax.random.key(0)
    pos = jax.random.normal(key, (n_nodes, 3))
    nodes = jnp.concatenate([pos, jnp.zeros((n_nodes, 2))], -1)
    senders = jnp.arange(n_nodes)
    receivers = (senders + 1) % n_nodes
    model = MeshGraphNet(5, 32, 3, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    acc = model(nodes, pos, senders, receivers)
    jax.block_until_ready(acc)
    return None
