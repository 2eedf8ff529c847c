# label: ok
# flax-error: none
# class: 2 the decoder's cache collection is carried through the raw scan; the body calls apply(..., mutable=['cache']) on the closed-over params and returns the new cache
import jax
import jax.numpy as jnp
import flax.linen as nn


class CachedDecoder(nn.Module):
    vocab: int = 13
    dim: int = 8
    max_len: int = 10

    @nn.compact
    def __call__(self, tok):
        h = nn.Embed(self.vocab, self.dim)(tok)
        kc = self.variable("cache", "k", jnp.zeros, (self.max_len, self.dim))
        idx = self.variable("cache", "idx", lambda: jnp.array(0))
        kc.value = kc.value.at[idx.value].set(nn.Dense(self.dim, name="key_proj")(h))
        att = jax.nn.softmax(jnp.where(jnp.arange(self.max_len) <= idx.value, kc.value @ h, -jnp.inf))
        idx.value = idx.value + 1
        return nn.Dense(self.vocab)(att @ kc.value)


def main():
    dec = CachedDecoder()
    variables = dec.init(jax.random.key(0), jnp.array(0))
    params, cache0 = variables["params"], variables["cache"]

    def decode(carry, _):
        cache, tok = carry
        logits, upd = dec.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
        nxt = jnp.argmax(logits)
        return (upd["cache"], nxt), nxt

    _, toks = jax.lax.scan(decode, (cache0, jnp.array(2)), None, length=8)
    print(toks)
    return None
