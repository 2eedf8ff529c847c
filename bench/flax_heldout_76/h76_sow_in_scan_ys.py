# label: ok
# flax-error: none
# class: 4 hidden states leave the lax.scan as stacked ys and are sown once after the loop
"""Collect RNN hidden states for probing: return them as scan outputs and
sow the stacked array outside the loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ProbedRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.SimpleCell(self.hidden)
        carry = cell.initialize_carry(jax.random.key(0), xs[0].shape)
        carry, _ = cell(carry, xs[0])

        def step(carry, x):
            carry, y = cell(carry, x)
            return carry, y

        carry, ys = jax.lax.scan(step, carry, xs[1:])
        self.sow("intermediates", "hidden", ys)
        return ys


def main():
    model = ProbedRNN()
    xs = jnp.ones((5, 2, 4))
    params = model.init(jax.random.key(0), xs)["params"]
    _, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    hidden.block_until_ready()
    return None
