# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 apply(decode=True) inside a while_loop body without mutable=["cache"]
"""Greedy decoding with a KV-style cache variable, stopped at EOS with lax.while_loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, EOS, MAXLEN = 20, 0, 12


class CachedDecoder(nn.Module):
    @nn.compact
    def __call__(self, tok, decode: bool = False):
        x = nn.Embed(VOCAB, 8)(tok)
        is_init = not self.has_variable("cache", "keys")
        keys = self.variable("cache", "keys", jnp.zeros, (MAXLEN, 8))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if decode and not is_init:
            keys.value = keys.value.at[index.value].set(x)
            index.value = index.value + 1
        ctx = keys.value.mean(0)
        return nn.Dense(VOCAB)(x + ctx)


def main():
    model = CachedDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.array(3), decode=True)
    params, cache = variables["params"], variables["cache"]

    def cond(state):
        i, tok, out = state
        return (i < MAXLEN) & (tok != EOS)

    def body(state):
        i, tok, out = state
        logits = model.apply({"params": params, "cache": cache}, tok, decode=True)
        nxt = jnp.argmax(logits).astype(jnp.int32)
        return i + 1, nxt, out.at[i].set(nxt)

    _, _, out = jax.lax.while_loop(cond, body, (0, jnp.array(3), jnp.zeros(MAXLEN, jnp.int32)))
    out.block_until_ready()
    return None
