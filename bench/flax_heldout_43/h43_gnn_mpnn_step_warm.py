# label: ok
# flax-error: none
# class: 3 bound method self.step wrapped in functools.partial is the lax.scan body; init runs one round outside the loop first
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
        if self.is_initializing():
            body(h, None)  # create message/update params outside the scan
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
