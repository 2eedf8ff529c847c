# label: ok
# flax-error: none
# class: 3 the hidden states leave the raw scan as ys and are sown once after the loop
"""Inspecting the hidden states of a scanned RNN: emit them as scan outputs, then sow the stack."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class Encoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):  # (T, B, F)
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))
        w_h = self.param("w_h", nn.initializers.orthogonal(), (self.hidden, self.hidden))

        def step(h, x):
            h = jnp.tanh(x @ w_in + h @ w_h)
            return h, h

        h, hs = scan(step, jnp.zeros((xs.shape[1], self.hidden)), xs)
        self.sow("intermediates", "hidden", hs)
        return h


def main():
    model = Encoder()
    xs = jnp.ones((5, 2, 3))
    params = model.init(jax.random.PRNGKey(0), xs)["params"]
    h, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = jnp.stack(state["intermediates"]["hidden"])
    hidden.block_until_ready()
    return None
