# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 module method self.decode_step passed to jax.lax.scan; it writes the 'cache' collection, apply has no mutable
"""Autoregressive melody model (MIDI pitch tokens) with a rolling key cache for fast sampling."""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB = 32
CTX = 8


class MelodyDecoder(nn.Module):
    dim: int = 16
    batch: int = 2

    def setup(self):
        self.embed = nn.Embed(VOCAB, self.dim)
        self.proj = nn.Dense(self.dim)
        self.out = nn.Dense(VOCAB)
        self.cache = self.variable("cache", "keys", jnp.zeros, (self.batch, CTX, self.dim))

    def decode_step(self, token, _):
        cache = self.cache
        h = self.proj(self.embed(token))
        keys = jnp.concatenate([cache.value[:, 1:], h[:, None]], axis=1)
        cache.value = keys
        logits = self.out(jnp.tanh(keys.mean(axis=1)))
        return jnp.argmax(logits, -1), logits

    def __call__(self, start, length: int = 6):
        return jax.lax.scan(self.decode_step, start, None, length=length)


def main():
    model = MelodyDecoder()
    start = jnp.zeros((2,), jnp.int32)
    variables = model.init(jax.random.key(0), start)
    model.apply({"params": variables["params"], "cache": variables["cache"]}, start)
    return None
