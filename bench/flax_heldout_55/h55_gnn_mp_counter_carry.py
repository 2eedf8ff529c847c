# label: ok
# flax-error: none
# class: 2 the module's message-passing method run by lax.fori_loop (via functools.partial) only threads h; the diagnostics counter is written after the loop when mutable
"""Message-passing GNN with shared weights over a fixed number of rounds (as in
'Neural Message Passing for Quantum Chemistry'); the diagnostics counter is bumped once after
the loop, and only when the caller made that collection mutable."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class MPNN(nn.Module):
    hidden: int = 8
    rounds: int = 3

    def setup(self):
        self.message = nn.Dense(self.hidden)
        self.update = nn.Dense(self.hidden)
        self.n_rounds = self.variable("diagnostics", "n_rounds", lambda: jnp.zeros((), jnp.int32))

    def message_round(self, senders, receivers, i, h):
        m = self.message(h[senders])
        agg = jax.ops.segment_sum(m, receivers, num_segments=h.shape[0])
        return jnp.tanh(self.update(jnp.concatenate([h, agg], -1)))

    def __call__(self, h, senders, receivers):
        body = functools.partial(self.message_round, senders, receivers)
        h = lax.fori_loop(0, self.rounds, body, h)
        if self.is_mutable_collection("diagnostics"):
            self.n_rounds.value += self.rounds
        return h

    def embed(self, h, senders, receivers):
        return self.message_round(senders, receivers, 0, h)


def main():
    senders = jnp.array([0, 1, 2, 3])
    receivers = jnp.array([1, 2, 3, 0])
    h = jnp.ones((4, 8))
    model = MPNN()
    variables = model.init(jax.random.key(0), h, senders, receivers, method=MPNN.embed)
    out = model.apply(variables, h, senders, receivers)
    out.block_until_ready()
    return None
