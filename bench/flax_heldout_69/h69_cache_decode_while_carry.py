# label: ok
# flax-error: none
# class: 3 'cache' collection carried in the while_loop state; apply(..., mutable=['cache']) returns the new cache
"""Greedy autoregressive decoding with a key/value cache under jax.lax.while_loop; the cache is
part of the loop state and returned by apply each step."""
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
    params = variables["params"]
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])

    def cond(state):
        i, tok, cache, out = state
        return (i < MAX_LEN) & jnp.any(tok != EOS)

    def body(state):
        i, tok, cache, out = state
        logits, mutated = model.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
        tok = jnp.argmax(logits, -1).astype(jnp.int32)
        return i + 1, tok, mutated["cache"], out.at[:, i].set(tok)

    init = (0, start, cache, jnp.zeros((2, MAX_LEN), jnp.int32))
    _, _, cache, out = jax.lax.while_loop(cond, body, init)
    print(out, cache["index"])
    return None
