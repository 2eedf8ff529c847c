# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 bound method self.step (setup submodules) wrapped in functools.partial is the lax.scan body, first run during init
"""Message-passing neural network with a fixed number of propagation rounds (Gilmer et al. style)."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MPNN(nn.Module):
    dim: int = 8
    rounds: int = 4

    def setup(self):
        self.message = nn.Dense(self.dim)
        self.update = nn.GRUCell(self.dim)

    def step(self, h, _, senders, receivers):
        m = self.message(h[senders])
        agg = jax.ops.segment_sum(m, receivers, num_segments=h.shape[0])
        h, _ = self.update(h, agg)
        return h, None

    def __call__(self, h, senders, receivers):
        body = functools.partial(self.step, senders=senders, receivers=receivers)
        h, _ = lax.scan(body, h, None, length=self.rounds)
        return h.sum(0)


def main():
    h = jnp.ones((5, 8))
    senders = jnp.array([0, 1, 2, 3, 4, 0])
    receivers = jnp.array([1, 2, 3, 4, 0, 2])
    model = MPNN()
    params = model.init(jax.random.key(0), h, senders, receivers)
    out = model.apply(params, h, senders, receivers)
    out.block_until_ready()
    return None
