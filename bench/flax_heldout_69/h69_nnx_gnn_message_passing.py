# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 messages appended to a Python list attribute of the module from inside a raw fori_loop body
"""Graph neural network (NNX) with message-passing iterations in jax.lax.fori_loop; the module
keeps each iteration's messages in a list for inspection."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MessagePassing(nnx.Module):
    def __init__(self, dim, n_iters, rngs):
        self.message = nnx.Linear(dim, dim, rngs=rngs)
        self.update = nnx.Linear(2 * dim, dim, rngs=rngs)
        self.n_iters = n_iters
        self.history = []

    def __call__(self, h, senders, receivers):
        def iteration(i, h):
            msgs = self.message(h[senders])
            agg = jax.ops.segment_sum(msgs, receivers, num_segments=h.shape[0])
            self.history.append(agg)
            return nnx.relu(self.update(jnp.concatenate([h, agg], -1)))

        return lax.fori_loop(0, self.n_iters, iteration, h)


def main():
    gnn = MessagePassing(8, 3, nnx.Rngs(0))
    h = jnp.ones((4, 8))
    senders = jnp.array([0, 1, 2, 3])
    receivers = jnp.array([1, 2, 3, 0])
    out = gnn(h, senders, receivers)
    norms = [jnp.linalg.norm(m) for m in gnn.history]
    print(out.shape, norms)
    return None
