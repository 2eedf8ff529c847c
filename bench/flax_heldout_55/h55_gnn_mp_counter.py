# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "n_rounds" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 'diagnostics' variable incremented by the module's message-passing method that lax.fori_loop runs (via functools.partial)
"""Message-passing GNN with shared weights over a fixed number of rounds (as in
'Neural Message Passing for Quantum Chemistry'); a diagnostics counter records the rounds run."""
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
        self.n_rounds.value += 1
        return jnp.tanh(self.update(jnp.concatenate([h, agg], -1)))

    def __call__(self, h, senders, receivers):
        body = functools.partial(self.message_round, senders, receivers)
        return lax.fori_loop(0, self.rounds, body, h)

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
