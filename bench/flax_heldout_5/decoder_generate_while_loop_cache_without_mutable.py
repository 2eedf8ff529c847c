# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/attn" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 decoder-only LM with decode=True attention; generate() runs a lax.while_loop over self and is applied with method= but without mutable=['cache']
"""Greedy generation for a tiny decoder-only LM built on nn.MultiHeadDotProductAttention
with decode=True (the flax lm1b/wmt fast-decoding cache). The cache is created by an init
over a full-length dummy input, as in the examples; generate() is then called through
apply(..., method=...), with the cache passed in but not marked mutable."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TinyLM(nn.Module):
    vocab_size: int = 16
    dim: int = 16
    decode: bool = False

    def setup(self):
        self.embed = nn.Embed(self.vocab_size, self.dim)
        self.attn = nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=self.dim, decode=self.decode)
        self.mlp = nn.Dense(self.dim)
        self.head = nn.Dense(self.vocab_size)

    def __call__(self, tokens):
        x = self.embed(tokens)
        mask = None if self.decode else nn.make_causal_mask(tokens)
        x = x + self.attn(x, mask=mask)
        x = x + nn.gelu(self.mlp(x))
        return self.head(x)

    def generate(self, bos, max_len):
        out = jnp.zeros((bos.shape[0], max_len), jnp.int32)

        def cond_fn(state):
            i, _, _ = state
            return i < max_len

        def body_fn(state):
            i, token, out = state
            logits = self(token[:, None])
            token = jnp.argmax(logits[:, -1], axis=-1).astype(jnp.int32)
            return i + 1, token, out.at[:, i].set(token)

        _, _, out = jax.lax.while_loop(cond_fn, body_fn, (0, bos, out))
        return out


def main():
    max_len = 6
    model = TinyLM(decode=True)
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, max_len), jnp.int32))
    params, cache = variables["params"], variables["cache"]
    bos = jnp.zeros((1,), jnp.int32)
    tokens = model.apply({"params": params, "cache": cache}, bos, max_len, method=TinyLM.generate)
    assert tokens.shape == (1, max_len)
    return None
