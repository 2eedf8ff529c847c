# label: ok
# flax-error: none
# class: 3 a GreedyDecoder object stores a partial of model.apply(method=decode_step, mutable=['cache']); its raw while_loop body (stop at max_len or EOS) calls it with params and the cache carried through the loop
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class TinyLM(nn.Module):
    vocab: int = 13
    dim: int = 8
    decode: bool = False

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.attn = nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=self.dim, decode=self.decode)
        self.head = nn.Dense(self.vocab)

    def __call__(self, tokens):
        h = self.embed(tokens)
        h = h + self.attn(h, h)
        return self.head(h)

    def decode_step(self, token):
        return self(token[:, None])[:, 0]


class GreedyDecoder:
    def __init__(self, model, params, max_len):
        self.step_fn = functools.partial(model.apply, method=TinyLM.decode_step, mutable=["cache"])
        self.params = params
        self.max_len = max_len
        self.eos_id = 0

    def generate(self, first_token, cache):
        out = jnp.zeros((first_token.shape[0], self.max_len), jnp.int32).at[:, 0].set(first_token)

        def cond(state):
            i, out, _ = state
            return (i < self.max_len - 1) & jnp.any(out[:, i] != self.eos_id)

        def body(state):
            i, out, cache = state
            logits, mutated = self.step_fn({"params": self.params, "cache": cache}, out[:, i])
            out = out.at[:, i + 1].set(jnp.argmax(logits, -1).astype(jnp.int32))
            return i + 1, out, mutated["cache"]

        _, out, _ = jax.lax.while_loop(cond, body, (0, out, cache))
        return out


def main():
    max_len = 6
    model = TinyLM(decode=True)
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((2, max_len), jnp.int32))
    decoder = GreedyDecoder(model, variables["params"], max_len)
    seqs = decoder.generate(jnp.array([1, 2], jnp.int32), variables["cache"])
    seqs.block_until_ready()
    return None
