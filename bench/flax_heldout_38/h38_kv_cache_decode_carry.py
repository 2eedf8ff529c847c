# label: ok
# flax-error: none
# class: 2 model.apply(mutable=["cache"]) runs inside a raw lax.while_loop decode body and the updated cache goes back out through the loop carry
"""Greedy autoregressive decoding with a key cache, in the style of the Flax decode
examples: each lax.while_loop step applies the model with mutable=["cache"] and puts the
returned cache back in the carry."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class TinyDecoder(nn.Module):
    vocab: int = 32
    features: int = 16
    max_len: int = 8

    @nn.compact
    def __call__(self, token):
        # token: (batch,)
        decoding = self.has_variable("cache", "cached_keys")
        cached_keys = self.variable("cache", "cached_keys", jnp.zeros,
                                    (token.shape[0], self.max_len, self.features))
        index = self.variable("cache", "index", lambda: jnp.array(0, dtype=jnp.int32))
        x = nn.Embed(self.vocab, self.features)(token)
        k = nn.Dense(self.features, name="key")(x)
        q = nn.Dense(self.features, name="query")(x)
        keys = cached_keys.value
        if decoding:
            keys = lax.dynamic_update_slice(keys, k[:, None, :], (0, index.value, 0))
            cached_keys.value = keys
            index.value = index.value + 1
        valid = jnp.arange(self.max_len) < index.value
        scores = jnp.where(valid[None, :], jnp.einsum("bf,btf->bt", q, keys), -1e9)
        context = jnp.einsum("bt,btf->bf", jax.nn.softmax(scores, -1), keys)
        return nn.Dense(self.vocab, name="out")(context + x)


def greedy_decode(model, params, cache, bos):
    def cond(carry):
        i, _, _, _ = carry
        return i < model.max_len

    def body(carry):
        i, token, cache, out = carry
        logits, mutated = model.apply({"params": params, "cache": cache}, token, mutable=["cache"])
        token = jnp.argmax(logits, -1).astype(jnp.int32)
        out = out.at[:, i].set(token)
        return i + 1, token, mutated["cache"], out

    out = jnp.zeros((bos.shape[0], model.max_len), dtype=jnp.int32)
    return lax.while_loop(cond, body, (0, bos, cache, out))[3]


def main():
    model = TinyDecoder()
    bos = jnp.zeros((2,), dtype=jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), bos)
    tokens = greedy_decode(model, variables["params"], variables["cache"], bos)
    tokens.block_until_ready()
