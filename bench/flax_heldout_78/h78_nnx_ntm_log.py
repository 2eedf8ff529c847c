# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 NTM read step (a method scanned by raw lax.scan) appends attention weights to a list on self
"""NTM read head in NNX that keeps the attention weights of every step for visualisation."""
import jax
import jax.numpy as jnp
from flax import nnx


class NTMReader(nnx.Module):
    def __init__(self, in_dim, width, hidden, *, rngs):
        self.controller = nnx.GRUCell(in_dim + width, hidden, rngs=rngs)
        self.query = nnx.Linear(hidden, width, rngs=rngs)
        self.attention_log = []

    def read_step(self, carry, x, memory):
        h, read = carry
        h, _ = self.controller(h, jnp.concatenate([x, read], -1))
        w = jax.nn.softmax(self.query(h) @ memory.T, axis=-1)
        self.attention_log.append(w)
        return (h, w @ memory), h

    def __call__(self, xs, memory):
        h0 = jnp.zeros((xs.shape[1], self.controller.hidden_features))
        r0 = jnp.zeros((xs.shape[1], memory.shape[-1]))
        _, hs = jax.lax.scan(lambda c, x: self.read_step(c, x, memory), (h0, r0), xs)
        return hs


def main():
    reader = NTMReader(3, 8, 16, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 2, 3))
    memory = jax.random.normal(jax.random.key(2), (10, 8))
    reader(xs, memory)
    attn = jnp.stack(reader.attention_log)
    attn.sum().block_until_ready()
    return None
