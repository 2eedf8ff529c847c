# label: ok
# flax-error: none
# class: 1 RNNEncoder.__call__ scans the sequence, returns the hidden states as ys and sows the stacked array once after the loop
"""An Elman RNN encoder whose hidden states are collected with sow for a probing analysis."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
HID = 8


class RNNEncoder(nn.Module):
    @nn.compact
    def __call__(self, xs):
        cell = nn.Dense(HID, name="cell")
        h0 = jnp.zeros((xs.shape[0], HID))
        cell(jnp.concatenate([h0, xs[:, 0]], axis=-1))  # create params before the loop

        def body(h, x_t):
            h = jnp.tanh(cell(jnp.concatenate([h, x_t], axis=-1)))
            return h, h

        h, hs = lax.scan(body, h0, xs.swapaxes(0, 1))
        self.sow("intermediates", "hidden", hs)
        return nn.Dense(2, name="head")(h)


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 6, 3))
    model = RNNEncoder()
    params = model.init(jax.random.key(1), xs)["params"]
    out, state = model.apply({"params": params}, xs, mutable=["intermediates"])
    hidden = state["intermediates"]["hidden"]
    norms = jax.tree.map(lambda h: jnp.linalg.norm(h, axis=-1), hidden)
    jax.tree.map(lambda a: a.block_until_ready(), norms)
    return None
