# label: ok
# flax-error: none
# class: 2 apply(mutable=["cache"]) inside the while_loop body; the updated cache is part of the loop state
"""Greedy decoding with a cache variable: the cache is threaded through lax.while_loop's state."""
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
        i, tok, cache, out = state
        return (i < MAXLEN) & (tok != EOS)

    def body(state):
        i, tok, cache, out = state
        logits, mutated = model.apply({"params": params, "cache": cache}, tok, decode=True,
                                      mutable=["cache"])
        nxt = jnp.argmax(logits).astype(jnp.int32)
        return i + 1, nxt, mutated["cache"], out.at[i].set(nxt)

    init = (0, jnp.array(3), cache, jnp.zeros(MAXLEN, jnp.int32))
    _, _, cache, out = jax.lax.while_loop(cond, body, init)
    out.block_until_ready()
    return None
