# label: ok
# flax-error: none
# class: 3 NNX __call__ splits self into graphdef/state, threads the state through a raw lax.scan carry, merges in the body and updates self after
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
        graphdef, state = nnx.split(self)

        def message_round(carry, _):
            state, h, x = carry
            mod = nnx.merge(graphdef, state)
            rel = x[:, None] - x[None, :]
            d2 = (rel ** 2).sum(-1, keepdims=True)
            n = h.shape[0]
            pair = jnp.concatenate([jnp.broadcast_to(h[:, None], (n, n, h.shape[1])),
                                    jnp.broadcast_to(h[None], (n, n, h.shape[1])), d2], -1)
            m = nnx.silu(mod.edge(pair))
            x = x + (rel * mod.coord(m)).mean(1)
            h = mod.norm(h + mod.node(jnp.concatenate([h, m.sum(1)], -1)))
            return (nnx.state(mod), h, x), None

        (state, h, x), _ = jax.lax.scan(message_round, (state, h, x), None, length=self.rounds)
        nnx.update(self, state)
        return h, x


def main():
    model = SharedEGNN(8, 16, 3, rngs=nnx.Rngs(0))
    h = jnp.ones((5, 8))
    x = jax.random.normal(jax.random.key(1), (5, 3))
    model(h, x)
    return None
