# label: ok
# flax-error: none
# class: 3 the decoder object's self.model and self.params are applied in the while_loop body with the cache in the carry and mutable=['cache']
"""Greedy autoregressive decoding with a cached GRU decoder and a raw jax.lax.while_loop.

Twin of h213_greedy_decode_bound: the cache collection travels in the while_loop carry and
each step applies the model with mutable=['cache'], returning the new cache."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class CachedDecoder(nn.Module):
    vocab: int = 12
    dim: int = 16

    @nn.compact
    def __call__(self, tok):
        emb = nn.Embed(self.vocab, self.dim)(tok)
        h = self.variable("cache", "h", jnp.zeros, (self.dim,))
        new_h = jnp.tanh(nn.Dense(self.dim)(emb) + nn.Dense(self.dim, use_bias=False)(h.value))
        h.value = new_h
        return nn.Dense(self.vocab)(new_h)


class GreedyGenerator:
    def __init__(self, model, variables, max_len=6):
        self.model, self.params = model, variables["params"]
        self.cache = {"h": jnp.zeros((model.dim,))}
        self.max_len = max_len

    def generate(self, bos):
        def cond(state):
            return state[0] < self.max_len

        def body(state):
            i, tok, cache, out = state
            logits, upd = self.model.apply(
                {"params": self.params, "cache": cache}, tok, mutable=["cache"]
            )
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return i + 1, nxt, upd["cache"], out.at[i].set(nxt)

        out = jnp.zeros((self.max_len,), jnp.int32)
        _, _, cache, out = jax.lax.while_loop(cond, body, (0, bos, self.cache, out))
        return out, jnp.linalg.norm(cache["h"])


def main():
    model = CachedDecoder()
    bos = jnp.array(0, jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), bos)
    tokens, score = GreedyGenerator(model, {"params": variables["params"]}).generate(bos)
    print(tokens, score)
