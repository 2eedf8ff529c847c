# label: ok
# flax-error: none
# class: 3 the attention weights leave the raw lax.scan as per-step outputs (ys) and are sown once after the loop
"""Additive (Bahdanau) attention decoder. The attention weights are returned from the
scanned step as outputs and sown after the scan, so the "intermediates" collection only
sees the stacked array."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class AttentionDecoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, enc, dec_inputs):
        # enc: (src_len, hidden), dec_inputs: (tgt_len, hidden)
        w_q = self.param("w_q", nn.initializers.lecun_normal(), (self.hidden, self.hidden))
        w_k = self.param("w_k", nn.initializers.lecun_normal(), (self.hidden, self.hidden))
        v = self.param("v", nn.initializers.normal(0.1), (self.hidden,))
        keys = enc @ w_k

        def step(h, x):
            scores = jnp.tanh(keys + (h + x) @ w_q) @ v
            weights = jax.nn.softmax(scores)
            context = weights @ enc
            h = jnp.tanh(h + context)
            return h, (h, weights)

        h0 = jnp.zeros((self.hidden,))
        _, (hs, attn) = jax.lax.scan(step, h0, dec_inputs)
        self.sow("intermediates", "attn_weights", attn)
        return hs


def main():
    model = AttentionDecoder()
    enc = jnp.ones((7, 16))
    dec = jnp.ones((5, 16))
    params = model.init(jax.random.PRNGKey(0), enc, dec)["params"]
    hs, state = model.apply({"params": params}, enc, dec, mutable=["intermediates"])
    alignment = jnp.stack(state["intermediates"]["attn_weights"])
    alignment.block_until_ready()
