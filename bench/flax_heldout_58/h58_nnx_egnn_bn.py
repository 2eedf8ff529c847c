# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 NNX __call__ closes over self.norm (BatchNorm, train mode) inside a raw lax.scan over message-passing rounds
"""Equivariant message passing (EGNN-style) with a shared, batch-normalised node update (NNX)."""
import jax
import jax.numpy as jnp
from flax import nnx


class SharedEGNN(nnx.Module):
    def __init__(self, feat: int, hidden: int, rounds: int, *, rngs: nnx.Rngs):
        self.edge = nnx.Linear(2 * feat + 1, hidden, rngs=rngs)
        self.node = nnx.Linear(feat + hidden, feat, rngs=rngs)
        self.coord = nnx.Linear(hidden, 1, rngs=rngs)
        self.norm = nnx.BatchNorm(feat, rngs=rngs)
        self.rounds = rounds

    def __call__(self, h, x):
        def message_round(carry, _):
            h, x = carry
            rel = x[:, None] - x[None, :]
            d2 = (rel ** 2).sum(-1, keepdims=True)
            n = h.shape[0]
            pair = jnp.concatenate([jnp.broadcast_to(h[:, None], (n, n, h.shape[1])),
                                    jnp.broadcast_to(h[None], (n, n, h.shape[1])), d2], -1)
            m = nnx.silu(self.edge(pair))
            x = x + (rel * self.coord(m)).mean(1)
            h = self.norm(h + self.node(jnp.concatenate([h, m.sum(1)], -1)))
            return (h, x), None

        (h, x), _ = jax.lax.scan(message_round, (h, x), None, length=self.rounds)
        return h, x


def main():
    model = SharedEGNN(8, 16, 3, rngs=nnx.Rngs(0))
    h = jnp.ones((5, 8))
    x = jax.random.normal(jax.random.key(1), (5, 3))
    model(h, x)
    return None
