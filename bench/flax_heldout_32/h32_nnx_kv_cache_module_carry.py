# label: ok
# flax-error: none
# class: 2 the model itself is part of the fori_loop carry; the body calls model.decode_step on the carried model, which writes its KVCache Variables
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, D, MAX_LEN = 10, 8, 6


class KVCache(nnx.Variable):
    pass


class CachedAttention(nnx.Module):
    def __init__(self, rngs):
        self.qkv = nnx.Linear(D, 3 * D, rngs=rngs)
        self.out = nnx.Linear(D, D, rngs=rngs)
        self.k = KVCache(jnp.zeros((MAX_LEN, D)))
        self.v = KVCache(jnp.zeros((MAX_LEN, D)))

    def __call__(self, x, index):
        q, k, v = jnp.split(self.qkv(x), 3, -1)
        self.k.value = jax.lax.dynamic_update_slice(self.k.value, k[None], (index, 0))
        self.v.value = jax.lax.dynamic_update_slice(self.v.value, v[None], (index, 0))
        scores = self.k.value @ q / jnp.sqrt(D)
        scores = jnp.where(jnp.arange(MAX_LEN) <= index, scores, -1e9)
        return self.out(jax.nn.softmax(scores) @ self.v.value)


class LM(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.attn = CachedAttention(rngs)
        self.head = nnx.Linear(D, VOCAB, rngs=rngs)

    def decode_step(self, token, index):
        x = self.embed(token)
        return self.head(x + self.attn(x, index))


def main():
    model = LM(nnx.Rngs(0))
    tokens = jnp.zeros((MAX_LEN,), jnp.int32)

    def body(i, carry):
        model, tokens = carry
        logits = model.decode_step(tokens[i], i)
        return model, tokens.at[i + 1].set(jnp.argmax(logits).astype(jnp.int32))

    model, tokens = jax.lax.fori_loop(0, MAX_LEN - 1, body, (model, tokens))
    assert tokens.shape == (MAX_LEN,) and model.attn.k.value.shape == (MAX_LEN, D)
    return None
