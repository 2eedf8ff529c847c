# label: ok
# flax-error: none
# class: 3 the 'cache' collection travels in the raw scan carry and apply is called with mutable=['cache']
"""RNN language model with the hidden state kept in a 'cache' collection between truncated
BPTT chunks; the chunk loop is a lax.scan that carries the cache and asks apply for it."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class CachedLSTMLM(nn.Module):
    vocab: int = 13
    hidden: int = 16

    @nn.compact
    def __call__(self, tokens):
        B = tokens.shape[0]
        cell = nn.OptimizedLSTMCell(self.hidden)
        c = self.variable("cache", "c", jnp.zeros, (B, self.hidden))
        h = self.variable("cache", "h", jnp.zeros, (B, self.hidden))
        x = nn.Embed(self.vocab, self.hidden)(tokens)
        carry = (c.value, h.value)
        outs = []
        for t in range(tokens.shape[1]):
            carry, y = cell(carry, x[:, t])
            outs.append(y)
        c.value, h.value = jax.lax.stop_gradient(carry[0]), jax.lax.stop_gradient(carry[1])
        return nn.Dense(self.vocab)(jnp.stack(outs, 1))


def main():
    model = CachedLSTMLM()
    stream = (jnp.arange(3 * 2 * 4) % 13).reshape(3, 2, 4)  # 3 chunks of (B=2, T=4)
    variables = model.init(jax.random.key(0), stream[0])
    params = variables["params"]

    def chunk_step(carry, chunk):
        loss_sum, cache = carry
        logits, upd = model.apply({"params": params, "cache": cache}, chunk, mutable=["cache"])
        logp = jax.nn.log_softmax(logits)
        nll = -jnp.take_along_axis(logp[:, :-1], chunk[:, 1:, None], -1).mean()
        return (loss_sum + nll, upd["cache"]), nll

    (total, cache), _ = lax.scan(chunk_step, (0.0, variables["cache"]), stream)
    total.block_until_ready()
    return None
