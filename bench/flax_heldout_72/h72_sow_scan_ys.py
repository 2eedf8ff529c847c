# label: ok
# flax-error: none
# class: 1 hidden states leave the raw lax.scan as ys and are sown once after the loop
"""sow with scan, fixed: return the per-step hidden states from scan and sow them outside."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Encoder(nn.Module):
    hidden: int = 8

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        h = self.cell(jnp.zeros((self.hidden + xs.shape[-1],)))

        def body(h, x):
            h = jnp.tanh(self.cell(jnp.concatenate([h, x])))
            return h, h

        h, hs = scan(body, h, xs)
        self.sow("intermediates", "hidden", hs)
        return h


def main():
    xs = jnp.ones((6, 3))
    model = Encoder()
    params = model.init(jax.random.key(0), xs)["params"]
    _, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hiddens = state["intermediates"]["hidden"][0]
    print(hiddens.mean())
    return None
