# label: ok
# flax-error: none
# class: 4 a jitted decode factory calls model.apply(..., mutable=['cache']) inside the raw while_loop body and carries the returned cache in the loop state
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TinyDecoder(nn.Module):
    vocab: int = 13
    dim: int = 8
    max_len: int = 8

    @nn.compact
    def __call__(self, tok):
        x = nn.Embed(self.vocab, self.dim)(tok)
        initialized = self.has_variable("cache", "keys")
        keys = self.variable("cache", "keys", jnp.zeros, (tok.shape[0], self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if initialized:
            keys.value = lax.dynamic_update_slice(keys.value, x[:, None, :], (0, index.value, 0))
            index.value = index.value + 1
        mask = jnp.arange(self.max_len) < index.value
        scores = jnp.where(mask, jnp.einsum("bd,btd->bt", x, keys.value), -1e9)
        ctx = jnp.einsum("bt,btd->bd", jax.nn.softmax(scores), keys.value)
        return nn.Dense(self.vocab)(x + ctx)


def make_decoder(model, n):
    def step(params, state):
        i, tok, cache, out = state
        logits, upd = model.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
        nxt = jnp.argmax(logits, -1)
        return i + 1, nxt, upd["cache"], out.at[:, i].set(nxt)

    @jax.jit
    def decode(params, cache, tok0):
        out = jnp.zeros((tok0.shape[0], n), jnp.int32)
        state = (0, tok0, cache, out)
        _, _, cache, out = lax.while_loop(lambda s: s[0] < n, functools.partial(step, params), state)
        return out, cache

    return decode


def main():
    model = TinyDecoder()
    prompt = jnp.array([1, 2], jnp.int32)
    variables = model.init(jax.random.key(0), prompt)
    params, cache = variables["params"], variables["cache"]
    decode = make_decoder(model, 3)
    out, cache = decode(params, cache, prompt)
    more, _ = decode(params, cache, out[:, -1])
    print(jnp.concatenate([out, more], 1))
    return None
