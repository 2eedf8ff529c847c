# label: ok
# flax-error: none
# class: 3 the decode cache reaches the scan body through decode_step, which applies with mutable=["cache"] and hands the new cache back to the carry
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, D, MAX_LEN, BATCH = 11, 8, 6, 2


class TinyDecoder(nn.Module):
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(VOCAB, D)(tokens)
        h = nn.LayerNorm()(x)
        x = x + nn.MultiHeadDotProductAttention(
            num_heads=2, qkv_features=D, decode=self.decode)(h)
        x = x + nn.Dense(D)(nn.gelu(nn.Dense(2 * D)(nn.LayerNorm()(x))))
        return nn.Dense(VOCAB)(x)


def decode_step(model, params, cache, tok):
    logits, mutated = model.apply(
        {"params": params, "cache": cache}, tok[:, None], mutable=["cache"])
    return logits[:, -1], mutated["cache"]


def greedy_decode(model, params, cache, bos, length):
    def body(carry, _):
        tok, cache = carry
        logits, cache = decode_step(model, params, cache, tok)
        nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
        return (nxt, cache), nxt

    _, toks = jax.lax.scan(body, (bos, cache), None, length=length)
    return jnp.swapaxes(toks, 0, 1)


def main():
    train_model = TinyDecoder()
    dummy = jnp.zeros((BATCH, MAX_LEN), jnp.int32)
    params = train_model.init(jax.random.key(0), dummy)["params"]

    decoder = TinyDecoder(decode=True)
    cache = decoder.init(jax.random.key(1), dummy)["cache"]
    bos = jnp.zeros((BATCH,), jnp.int32)
    out = jax.jit(greedy_decode, static_argnums=(0, 4))(decoder, params, cache, bos, MAX_LEN - 1)
    assert out.shape == (BATCH, MAX_LEN - 1)
    return None
