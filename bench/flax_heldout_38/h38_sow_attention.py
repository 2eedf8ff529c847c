# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 self.sow("intermediates", ...) is called inside the raw lax.scan decoder step, so the sown attention weights are scan tracers
"""Additive (Bahdanau) attention decoder. To plot the alignment, the attention weights are
recorded with `self.sow` inside the decoder step, which runs under jax.lax.scan, and read
back from the "intermediates" collection after apply."""
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
            self.sow("intermediates", "attn_weights", weights)
            context = weights @ enc
            h = jnp.tanh(h + context)
            return h, h

        h0 = jnp.zeros((self.hidden,))
        _, hs = jax.lax.scan(step, h0, dec_inputs)
        return hs


def main():
    model = AttentionDecoder()
    enc = jnp.ones((7, 16))
    dec = jnp.ones((5, 16))
    params = model.init(jax.random.PRNGKey(0), enc, dec)["params"]
    hs, state = model.apply({"params": params}, enc, dec, mutable=["intermediates"])
    alignment = jnp.stack(state["intermediates"]["attn_weights"])
    alignment.block_until_ready()
