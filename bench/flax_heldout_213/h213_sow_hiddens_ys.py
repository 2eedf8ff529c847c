# label: ok
# flax-error: none
# class: 1 the encoder's own __call__ runs the scan, returns the hidden states as ys and sows them after the loop
"""RNN encoder that records its hidden states with self.sow for attention plots.

Twin of h213_sow_hiddens: the body returns each hidden state as the scan's ys and the
stacked states are sown once, after the scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Encoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        inp = nn.Dense(self.hidden, name="inp")
        rec = nn.Dense(self.hidden, use_bias=False, name="rec")
        h0 = jnp.tanh(inp(xs[0]))
        h0 = h0 + rec(h0)

        def step(h, x):
            h = jnp.tanh(inp(x) + rec(h))
            return h, h

        h, hiddens = scan(step, h0, xs[1:])
        self.sow("intermediates", "hiddens", hiddens)
        return h


def main():
    model = Encoder()
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 3))
    params = model.init(jax.random.PRNGKey(1), xs)["params"]
    final, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hiddens = jnp.concatenate(state["intermediates"]["hiddens"])
    attention = jax.nn.softmax(hiddens @ final)
    print("attention over steps", attention)
