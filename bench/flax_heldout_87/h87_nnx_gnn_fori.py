# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the NNX message-passing layer is closed over by the raw fori_loop body, which appends each round's node states to a Python list
"""Jumping-knowledge GNN in NNX: message passing runs in jax.lax.fori_loop and every round's node
embeddings are collected in a Python list to be concatenated for the readout."""
import jax
import jax.numpy as jnp
from flax import nnx

H, ROUNDS = 16, 3


class MessagePassing(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.msg = nnx.Linear(2 * H, H, rngs=rngs)
        self.upd = nnx.Linear(2 * H, H, rngs=rngs)

    def __call__(self, h, senders, receivers):
        m = nnx.relu(self.msg(jnp.concatenate([h[senders], h[receivers]], -1)))
        agg = jax.ops.segment_sum(m, receivers, num_segments=h.shape[0])
        return nnx.relu(self.upd(jnp.concatenate([h, agg], -1)))


class JKNet(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.embed = nnx.Linear(din, H, rngs=rngs)
        self.mp = MessagePassing(rngs)
        self.readout = nnx.Linear(H * (ROUNDS + 1), 1, rngs=rngs)

    def __call__(self, nodes, senders, receivers):
        h = self.embed(nodes)
        layers = [h]

        def round_(i, h):
            h = self.mp(h, senders, receivers)
            layers.append(h)
            return h

        jax.lax.fori_loop(0, ROUNDS, round_, h)
        jk = jnp.concatenate(layers, axis=-1)
        return self.readout(jk.sum(0))


def main():
    nodes = jax.random.normal(jax.random.key(0), (5, 3))
    senders = jnp.array([0, 1, 2, 3, 4, 0])
    receivers = jnp.array([1, 2, 3, 4, 0, 2])
    model = JKNet(3, nnx.Rngs(0))
    out = model(nodes, senders, receivers)
    out.block_until_ready()
    return None
