# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'EdgeConv' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body calls layer.message(), a method of one NNX module that creates its edge network lazily on first call, so the attribute is first set inside the body
"""Graph neural network with NNX: an edge-conditioned convolution (NNConv / MPNN style) whose
edge network is built lazily the first time edge features are seen, so that the edge feature
size need not be given to the constructor. Message passing rounds run in a raw jax.lax.scan.

Modelled on "Cannot mutate Module from different trace level" reports about lazily initialised
NNX submodules first called inside jax.lax.scan / jax.jit."""
import jax
import jax.numpy as jnp
from flax import nnx

N_NODES = 5
HIDDEN = 6
EDGE_FEAT = 3
ROUNDS = 3


class EdgeConv(nnx.Module):
    def __init__(self, hidden, seed=0):
        self.hidden = hidden
        self.seed = seed
        self.edge_net = None
        self.self_loop = nnx.Linear(hidden, hidden, rngs=nnx.Rngs(seed))

    def message(self, h, edge_feats, adj):
        if self.edge_net is None:
            self.edge_net = nnx.Linear(edge_feats.shape[-1], self.hidden * self.hidden,
                                       rngs=nnx.Rngs(self.seed + 1))
        w = self.edge_net(edge_feats).reshape(N_NODES, N_NODES, self.hidden, self.hidden)
        msgs = jnp.einsum("ijab,jb->ija", w, h) * adj[..., None]
        return nnx.relu(self.self_loop(h) + msgs.sum(1))


def main():
    h0 = jax.random.normal(jax.random.key(0), (N_NODES, HIDDEN))
    edge_feats = jax.random.normal(jax.random.key(1), (N_NODES, N_NODES, EDGE_FEAT))
    adj = (jax.random.uniform(jax.random.key(2), (N_NODES, N_NODES)) > 0.5).astype(jnp.float32)
    layer = EdgeConv(HIDDEN)

    def body(h, _):
        return layer.message(h, edge_feats, adj), None

    h, _ = jax.lax.scan(body, h0, None, length=ROUNDS)
    print("node states", h.sum(0))
