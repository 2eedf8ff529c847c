# label: ok
# flax-error: none
# class: 2 the first message-passing round runs outside the raw fori_loop, so the shared weights are created there
"""MPNN-style graph network with shared weights; the first round is run before jax.lax.fori_loop
so that the message and update parameters are created outside the loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn

H, ROUNDS = 16, 3


class MPNN(nn.Module):
    rounds: int = ROUNDS

    @nn.compact
    def __call__(self, nodes, senders, receivers):
        message = nn.Dense(H, name="message")
        update = nn.GRUCell(H, name="update")
        h = nn.Dense(H, name="embed")(nodes)
        n_nodes = nodes.shape[0]

        def round_(i, h):
            m = nn.relu(message(jnp.concatenate([h[senders], h[receivers]], axis=-1)))
            agg = jax.ops.segment_sum(m, receivers, num_segments=n_nodes)
            h, _ = update(h, agg)
            return h

        h = round_(0, h)
        h = jax.lax.fori_loop(1, self.rounds, round_, h)
        return nn.Dense(1, name="readout")(jnp.sum(h, axis=0))


def main():
    nodes = jax.random.normal(jax.random.key(0), (5, 3))
    senders = jnp.array([0, 1, 2, 3, 4, 0])
    receivers = jnp.array([1, 2, 3, 4, 0, 2])
    model = MPNN()
    params = model.init(jax.random.key(1), nodes, senders, receivers)
    out = model.apply(params, nodes, senders, receivers)
    out.block_until_ready()
    return None
