# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 'cache' collection closed over by a while_loop body; decode-mode apply without mutable=['cache']
"""Greedy autoregressive decoding with a key/value cache, stopping at EOS with
jax.lax.while_loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn

MAX_LEN = 8
EOS = 0


class CachedLM(nn.Module):
    vocab: int = 20
    dim: int = 16

    @nn.compact
    def __call__(self, tok):
        x = nn.Embed(self.vocab, self.dim)(tok)
        keys = self.variable("cache", "keys", jnp.zeros, (tok.shape[0], MAX_LEN, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        keys.value = jax.lax.dynamic_update_slice(keys.value, x[:, None], (0, index.value, 0))
        index.value = index.value + 1
        ctx = jnp.einsum("bd,btd->bd", x, keys.value)
        return nn.Dense(self.vocab)(ctx)


def main():
    model = CachedLM()
    start = jnp.ones((2,), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), start)
    params, cache = variables["params"], variables["cache"]

    def cond(state):
        i, tok, out = state
        return (i < MAX_LEN) & jnp.any(tok != EOS)

    def body(state):
        i, tok, out = state
        logits = model.apply({"params": params, "cache": cache}, tok)
        tok = jnp.argmax(logits, -1).astype(jnp.int32)
        return i + 1, tok, out.at[:, i].set(tok)

    _, _, out = jax.lax.while_loop(cond, body, (0, start, jnp.zeros((2, MAX_LEN), jnp.int32)))
    print(out)
    return None
