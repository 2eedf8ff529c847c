# label: ok
# flax-error: none
# class: 1 Encoder.__call__ owns the cell and runs the scan itself; the hidden states leave as scan outputs and are sown after the loop
"""Collecting the hidden states of a hand-written RNN for a probing experiment.

The body returns each hidden state as a scan output; the stacked states are sown once,
outside the loop, and read back from the mutated collection after `apply`.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 6

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)

    def __call__(self, xs):
        carry = self.cell.initialize_carry(jax.random.key(0), xs[0].shape)
        carry, _ = self.cell(carry, xs[0])

        def step(h, x):
            h, _ = self.cell(h, x)
            return h, h

        h, hs = jax.lax.scan(step, carry, xs[1:])
        self.sow("intermediates", "hidden", hs)
        return h


def main():
    model = Encoder()
    xs = jnp.linspace(-1.0, 1.0, 5 * 2 * 3).reshape(5, 2, 3)
    params = model.init(jax.random.key(1), xs)["params"]
    h, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    probe = jnp.mean(hidden, axis=-1)
    jax.block_until_ready(probe)
    return None
