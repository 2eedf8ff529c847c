# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "total" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 model.apply(decode=True) in a raw while_loop body, cache collection not mutable
"""Greedy decoding with a Linen cache; the loop calls apply without mutable=['cache']."""
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
    params, cache = variables["params"], variables["cache"]

    def cond(state):
        i, tok = state
        return i < 5

    def body(state):
        i, tok = state
        logits = model.apply({"params": params, "cache": cache}, tok, decode=True)
        return i + 1, jnp.argmax(logits).astype(jnp.int32)

    jax.lax.while_loop(cond, body, (0, jnp.array(1, jnp.int32)))
    return None
