# label: ok
# flax-error: none
# class: 2 NTM read step (a method scanned by raw lax.scan) returns attention weights as scan outputs
"""NTM read head in NNX that keeps the attention weights of every step for visualisation."""
import jax
import jax.numpy as jnp
from flax import nnx


class NTMReader(nnx.Module):
    def __init__(self, in_dim, width, hidden, *, rngs):
        self.controller = nnx.GRUCell(in_dim + width, hidden, rngs=rngs)
        self.query = nnx.Linear(hidden, width, rngs=rngs)

    def read_step(self, carry, x, memory):
        h, read = carry
        h, _ = self.controller(h, jnp.concatenate([x, read], -1))
        w = jax.nn.softmax(self.query(h) @ memory.T, axis=-1)
        return (h, w @ memory), (h, w)

    def __call__(self, xs, memory):
        h0 = jnp.zeros((xs.shape[1], self.controller.hidden_features))
        r0 = jnp.zeros((xs.shape[1], memory.shape[-1]))
        _, (hs, attn) = jax.lax.scan(lambda c, x: self.read_step(c, x, memory), (h0, r0), xs)
        return hs, attn


def main():
    reader = NTMReader(3, 8, 16, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 2, 3))
    memory = jax.random.normal(jax.random.key(2), (10, 8))
    _, attn = reader(xs, memory)
    attn.sum().block_until_ready()
    return None
