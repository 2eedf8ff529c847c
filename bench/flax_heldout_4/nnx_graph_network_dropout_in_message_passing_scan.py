# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 NNX graph network in train mode: message-passing rounds in lax.scan call an edge MLP holding nnx.Dropout with its own rngs
import jax
import jax.numpy as jnp
from flax import nnx


class EdgeMLP(nnx.Module):
    def __init__(self, d, *, rngs):
        self.lin = nnx.Linear(2 * d, d, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, h_s, h_r):
        return self.drop(nnx.relu(self.lin(jnp.concatenate([h_s, h_r], -1))))


class GraphNet(nnx.Module):
    def __init__(self, d, rounds, *, rngs):
        self.edge = EdgeMLP(d, rngs=rngs)
        self.node = nnx.Linear(2 * d, d, rngs=rngs)
        self.rounds = rounds

    def __call__(self, h, senders, receivers):
        def round_fn(h, _):
            msgs = self.edge(h[senders], h[receivers])
            agg = jax.ops.segment_sum(msgs, receivers, num_segments=h.shape[0])
            return h + self.node(jnp.concatenate([h, agg], -1)), msgs

        h, msgs = jax.lax.scan(round_fn, h, None, length=self.rounds)
        return h, msgs


def main():
    model = GraphNet(8, 4, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    h = jnp.ones((5, 8))
    senders = jnp.array([0, 1, 2, 3, 4])
    receivers = jnp.array([1, 2, 3, 4, 0])
    _, msgs = model(h, senders, receivers)
    return msgs != 0
