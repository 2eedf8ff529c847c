# label: ok
# flax-error: none
# class: 1 the hidden states leave the raw scan as its stacked ys and are sown once after the loop
"""The fix: return the hidden states from the scan and sow the stacked result outside it."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TinyRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.SimpleCell(features=self.hidden)
        h = jnp.zeros((xs.shape[1], self.hidden))
        h, _ = cell(h, xs[0])

        def body(h, x):
            h, y = cell(h, x)
            return h, h

        h, hs = jax.lax.scan(body, h, xs)
        self.sow("intermediates", "hidden", hs)
        return hs[-1]


def main():
    model = TinyRNN()
    xs = jnp.ones((7, 2, 4))
    variables = model.init(jax.random.PRNGKey(0), xs)
    out, state = model.apply({"params": variables["params"]}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    hidden.block_until_ready()
    return None
