# label: ok
# flax-error: none
# class: 3 the attention cache travels in the raw while_loop state and apply(..., mutable=['cache']) hands the new cache back
"""Greedy decoding with a cached self-attention decoder, in the style of the Flax WMT example."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

VOCAB = 32
MAX_LEN = 8
BOS = 1


class TinyDecoder(nn.Module):
    vocab: int = VOCAB
    dim: int = 32
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab, self.dim)(tokens)
        x = x + nn.SelfAttention(num_heads=2, qkv_features=self.dim, decode=self.decode,
                                 deterministic=True)(x)
        return nn.Dense(self.vocab)(nn.LayerNorm()(x))


def main():
    batch = 2
    train_model = TinyDecoder()
    params = train_model.init(jax.random.PRNGKey(0), jnp.ones((batch, MAX_LEN), jnp.int32))["params"]

    decoder = TinyDecoder(decode=True)
    cache = decoder.init(jax.random.PRNGKey(0), jnp.ones((batch, MAX_LEN), jnp.int32))["cache"]

    def cond_fn(state):
        i, _, _, _ = state
        return i < MAX_LEN

    def body_fn(state):
        i, token, cache, out = state
        logits, mutated = decoder.apply({"params": params, "cache": cache}, token,
                                        mutable=["cache"])
        next_token = jnp.argmax(logits[:, -1], axis=-1).astype(jnp.int32)
        out = out.at[:, i].set(next_token)
        return i + 1, next_token[:, None], mutated["cache"], out

    first = jnp.full((batch, 1), BOS, jnp.int32)
    out = jnp.zeros((batch, MAX_LEN), jnp.int32)
    _, _, _, out = lax.while_loop(cond_fn, body_fn, (0, first, cache, out))
    out.block_until_ready()
    return None
