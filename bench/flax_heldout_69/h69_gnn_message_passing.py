# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 compact nn.Dense first created inside a raw fori_loop body over message-passing iterations
"""Graph neural network: a fixed number of message-passing iterations with shared weights,
written with jax.lax.fori_loop instead of a Python loop to cut compile time."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MPNN(nn.Module):
    hidden: int = 16
    n_iters: int = 3

    @nn.compact
    def __call__(self, nodes, senders, receivers):
        h = nn.Dense(self.hidden, name="embed")(nodes)
        message = nn.Dense(self.hidden, name="message")
        update = nn.GRUCell(self.hidden, name="update")

        def iteration(i, h):
            msgs = message(h[senders])
            agg = jax.ops.segment_sum(msgs, receivers, num_segments=h.shape[0])
            h, _ = update(h, agg)
            return h

        h = jax.lax.fori_loop(0, self.n_iters, iteration, h)
        return nn.Dense(1, name="readout")(h.sum(0))


def main():
    nodes = jnp.ones((5, 4))
    senders = jnp.array([0, 1, 2, 3, 4])
    receivers = jnp.array([1, 2, 3, 4, 0])
    model = MPNN()
    variables = model.init(jax.random.PRNGKey(0), nodes, senders, receivers)
    out = model.apply(variables, nodes, senders, receivers)
    print(out)
    return None
