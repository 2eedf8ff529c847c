# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 self.variable('cache', ...) declared and written inside the inline greedy-decode body
import jax
import jax.numpy as jnp
from flax import linen as nn


class TinyDecoder(nn.Module):
    vocab: int = 11
    dim: int = 8
    max_len: int = 6

    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        embed = nn.Embed(self.vocab, self.dim, name="embed")
        proj = nn.Dense(self.vocab, name="proj")
        if not decode:
            self.variable("cache", "keys", jnp.zeros, (self.max_len, self.dim))
            self.variable("cache", "pos", lambda: jnp.array(0, jnp.int32))
            return proj(embed(tokens))

        def decode_step(tok, _):
            keys = self.variable("cache", "keys", jnp.zeros, (self.max_len, self.dim))
            pos = self.variable("cache", "pos", lambda: jnp.array(0, jnp.int32))
            keys.value = keys.value.at[pos.value].set(embed(tok))
            pos.value = pos.value + 1
            nxt = jnp.argmax(proj(keys.value.mean(0))).astype(jnp.int32)
            return nxt, nxt

        _, toks = jax.lax.scan(decode_step, tokens, None, length=self.max_len)
        return toks


def main():
    model = TinyDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((1,), jnp.int32))
    # the cache collection is passed in but not marked mutable
    toks = model.apply(variables, jnp.array(3, jnp.int32), decode=True)
    return None
