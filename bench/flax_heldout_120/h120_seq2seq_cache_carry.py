# label: ok
# flax-error: none
# class: 2 the params dict is a local of greedy_decode passed to apply in the body; the cache travels in the scan carry
"""Greedy decoding with a key/value cache, the decoder step applied inside jax.lax.scan.

The cache collection is declared mutable and the updated cache is handed back through the
scan carry, so every step sees the cache of the previous one.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, DIM, MAX_LEN = 11, 8, 6


class Decoder(nn.Module):
    vocab: int = VOCAB
    dim: int = DIM
    max_len: int = MAX_LEN

    @nn.compact
    def __call__(self, token, memory):
        emb = nn.Embed(self.vocab, self.dim)(token)
        keys = self.variable("cache", "keys", jnp.zeros, (token.shape[0], self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        k = nn.Dense(self.dim, name="key_proj")(emb)
        keys.value = jax.lax.dynamic_update_slice(keys.value, k[:, None, :], (0, index.value, 0))
        index.value = index.value + 1
        mask = (jnp.arange(self.max_len) < index.value)[None, :]
        scores = jnp.einsum("bd,btd->bt", emb, keys.value)
        scores = jnp.where(mask, scores, -1e9)
        context = jnp.einsum("bt,btd->bd", jax.nn.softmax(scores), keys.value)
        return nn.Dense(self.vocab, name="out")(context + memory)


def greedy_decode(model, params, cache, memory, bos):
    def step(carry, _):
        token, cache = carry
        logits, updates = model.apply(
            {"params": params, "cache": cache}, token, memory, mutable=["cache"]
        )
        next_token = jnp.argmax(logits, axis=-1)
        return (next_token, updates["cache"]), next_token

    _, tokens = jax.lax.scan(step, (bos, cache), None, length=MAX_LEN)
    return tokens


def main():
    model = Decoder()
    bos = jnp.zeros((2,), jnp.int32)
    memory = jnp.ones((2, DIM))
    variables = model.init(jax.random.key(0), bos, memory)
    params, cache = variables["params"], variables["cache"]
    tokens = greedy_decode(model, params, cache, memory, bos)
    jax.block_until_ready(tokens)
    return None
