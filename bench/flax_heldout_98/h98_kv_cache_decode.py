# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/attn" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 greedy decode loop is a raw jax.lax.scan inside a Linen method; the body updates the self.variable KV cache
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, D, MAXLEN = 16, 8, 6


class CachedSelfAttention(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        # x: [batch, 1, features] -- one new token
        q = nn.Dense(self.features, name="q")(x)
        k = nn.Dense(self.features, name="k")(x)
        v = nn.Dense(self.features, name="v")(x)
        ck = self.variable("cache", "cached_key", jnp.zeros, (x.shape[0], MAXLEN, self.features))
        cv = self.variable("cache", "cached_value", jnp.zeros, (x.shape[0], MAXLEN, self.features))
        idx = self.variable("cache", "cache_index", lambda: jnp.array(0, jnp.int32))
        i = idx.value
        ck.value = jax.lax.dynamic_update_slice(ck.value, k, (0, i, 0))
        cv.value = jax.lax.dynamic_update_slice(cv.value, v, (0, i, 0))
        idx.value = i + 1
        mask = jnp.arange(MAXLEN) <= i
        att = jnp.einsum("bqd,bkd->bqk", q, ck.value) / jnp.sqrt(self.features)
        att = jnp.where(mask[None, None, :], att, -1e9)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(att, -1), cv.value)


class Decoder(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, D)
        self.attn = CachedSelfAttention(D)
        self.out = nn.Dense(VOCAB)

    def __call__(self, tok):
        return self.out(self.attn(self.embed(tok)))

    def generate(self, first_tok, steps):
        def body(tok, _):
            logits = self(tok)
            nxt = jnp.argmax(logits, -1)
            return nxt, nxt[:, 0]

        _, toks = jax.lax.scan(body, first_tok, None, length=steps)
        return toks


def main():
    model = Decoder()
    tok = jnp.zeros((2, 1), jnp.int32)
    variables = model.init(jax.random.key(0), tok)
    params = variables["params"]
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])
    # forgot mutable=["cache"]
    model.apply({"params": params, "cache": cache}, tok, 4, method=Decoder.generate)
    return None
