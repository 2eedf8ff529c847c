# label: ok
# flax-error: none
# class: 2 submodules called once before the raw fori_loop so their params exist; the body only reads them
"""Graph neural network with shared-weight message passing under jax.lax.fori_loop; following
the suggested workaround, the message and update layers are run once before the loop."""
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

        h = iteration(0, h)  # first iteration outside: creates the params
        h = jax.lax.fori_loop(1, self.n_iters, iteration, h)
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
