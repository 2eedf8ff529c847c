# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "history" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 model.apply(decode=True) in a raw lax.while_loop body with the 'cache' collection closed over and immutable
"""Greedy autoregressive decoding with a cache, stopping at EOS with lax.while_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, DIM, MAX_LEN, EOS = 12, 16, 8, 1


class CachedDecoder(nn.Module):
    @nn.compact
    def __call__(self, tok, decode: bool = False):
        x = nn.Embed(VOCAB, DIM)(tok)
        hist = self.variable("cache", "history", jnp.zeros, (MAX_LEN, DIM))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if decode and not self.is_initializing():
            hist.value = hist.value.at[index.value].set(x)
            index.value = index.value + 1
        ctx = hist.value.sum(0) / jnp.maximum(index.value, 1)
        return nn.Dense(VOCAB)(x + ctx)


def main():
    model = CachedDecoder()
    variables = model.init(jax.random.key(0), jnp.array(0), decode=True)
    params, cache = variables["params"], variables["cache"]

    def cond(state):
        i, tok, out = state
        return (i < MAX_LEN) & (tok != EOS)

    def body(state):
        i, tok, out = state
        logits = model.apply({"params": params, "cache": cache}, tok, decode=True)
        tok = jnp.argmax(logits)
        return i + 1, tok, out.at[i].set(tok)

    state = (0, jnp.array(0), jnp.zeros(MAX_LEN, jnp.int32))
    _, _, out = jax.lax.while_loop(cond, body, state)
    return None
