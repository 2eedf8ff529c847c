# label: ok
# flax-error: none
# class: 3 cache collection carried through the while_loop state, apply(mutable=['cache'])
"""Greedy decoding, fixed: return the updated cache from apply and carry it."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class TinyDecoder(nn.Module):
    vocab: int = 7
    max_len: int = 6

    @nn.compact
    def __call__(self, tok, decode: bool = False):
        emb = nn.Embed(self.vocab, 4)(tok)
        is_init = self.has_variable("cache", "index")
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        total = self.variable("cache", "total", jnp.zeros, (4,))
        if decode and is_init:
            total.value = total.value + emb
            index.value = index.value + 1
        return nn.Dense(self.vocab)(total.value + emb)


def main():
    model = TinyDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.array(0), decode=True)
    params = variables["params"]

    def cond(state):
        i, tok, cache = state
        return i < 5

    def body(state):
        i, tok, cache = state
        logits, updates = model.apply({"params": params, "cache": cache}, tok, decode=True, mutable=["cache"])
        return i + 1, jnp.argmax(logits).astype(jnp.int32), updates["cache"]

    _, _, cache = jax.lax.while_loop(cond, body, (0, jnp.array(1, jnp.int32), variables["cache"]))
    jax.block_until_ready(cache)
    return None
