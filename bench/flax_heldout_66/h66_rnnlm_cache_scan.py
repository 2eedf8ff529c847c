# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "c" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 params closed over by a raw scan over BPTT chunks whose apply writes the hidden state into a 'cache' variable without mutable
"""RNN language model with the hidden state kept in a 'cache' collection between truncated
BPTT chunks (as in the decoding examples); the chunk loop was rewritten with lax.scan and
apply is called as for evaluation."""
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

    def chunk_step(loss_sum, chunk):
        logits = model.apply({"params": params, "cache": variables["cache"]}, chunk)
        logp = jax.nn.log_softmax(logits)
        nll = -jnp.take_along_axis(logp[:, :-1], chunk[:, 1:, None], -1).mean()
        return loss_sum + nll, nll

    total, _ = lax.scan(chunk_step, 0.0, stream)
    total.block_until_ready()
    return None
