# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/SelfAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 model.apply(decode=True) runs inside the raw while_loop body with the attention cache closed over and no mutable=['cache']
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
        i, _, _ = state
        return i < MAX_LEN

    def body_fn(state):
        i, token, out = state
        logits = decoder.apply({"params": params, "cache": cache}, token)
        next_token = jnp.argmax(logits[:, -1], axis=-1).astype(jnp.int32)
        out = out.at[:, i].set(next_token)
        return i + 1, next_token[:, None], out

    first = jnp.full((batch, 1), BOS, jnp.int32)
    out = jnp.zeros((batch, MAX_LEN), jnp.int32)
    _, _, out = lax.while_loop(cond_fn, body_fn, (0, first, out))
    out.block_until_ready()
    return None
