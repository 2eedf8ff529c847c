# label: ok
# flax-error: none
# class: 5 the decoder cache collection is applied with mutable=['cache'] and threaded through the scan carry
"""Chat-assistant backend: streams tokens from a small decoder that keeps a running KV summary."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass
class GenerationConfig:
    max_new_tokens: int = 6
    vocab: int = 32
    hidden: int = 16


class TinyDecoder(nn.Module):
    vocab: int
    hidden: int

    @nn.compact
    def __call__(self, token):
        emb = nn.Embed(self.vocab, self.hidden)(token)
        kv = self.variable("cache", "kv", lambda: jnp.zeros((self.hidden,)))
        kv.value = 0.9 * kv.value + emb.mean(axis=0)
        h = nn.tanh(nn.Dense(self.hidden)(emb) + kv.value)
        return nn.Dense(self.vocab)(h)


class ChatBackend:
    def __init__(self, cfg: GenerationConfig):
        self.cfg = cfg
        self.model = TinyDecoder(cfg.vocab, cfg.hidden)
        prompt = jnp.zeros((1,), jnp.int32)
        variables = self.model.init(jax.random.PRNGKey(0), prompt)
        self.params = variables["params"]
        self.cache = variables["cache"]

    def _next_token(self, carry, _):
        token, cache = carry
        logits, updates = self.model.apply(
            {"params": self.params, "cache": cache}, token, mutable=["cache"])
        nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
        return (nxt, updates["cache"]), nxt[0]

    def stream(self, prompt):
        (_, cache), tokens = jax.lax.scan(
            self._next_token, (prompt, self.cache), None, length=self.cfg.max_new_tokens)
        self.cache = cache
        return tokens

    def cache_norm(self):
        return jnp.linalg.norm(self.cache["kv"])


def main():
    backend = ChatBackend(GenerationConfig())
    backend.stream(jnp.array([3], jnp.int32))
    backend.cache_norm().block_until_ready()
    return None
