# label: ok
# flax-error: none
# class: 4 the hidden states leave the raw lax.scan as ys and are sown once after the loop
"""Elman RNN that records its hidden states: collected as scan outputs, sown after the scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
lax = jax.lax


class ElmanRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        wx = nn.Dense(self.hidden)
        wh = nn.Dense(self.hidden, use_bias=False)
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        wh(h0)
        wx(xs[0])

        def step(h, x):
            h = jnp.tanh(wx(x) + wh(h))
            return h, h

        h, hs = lax.scan(step, h0, xs)
        self.sow("intermediates", "hidden", hs)
        return nn.Dense(1)(h)


def main():
    model = ElmanRNN()
    xs = jnp.ones((5, 2, 3))
    params = model.init(jax.random.key(0), xs)["params"]
    _, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    jnp.linalg.norm(hidden, axis=-1).block_until_ready()
    return None
