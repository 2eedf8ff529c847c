# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a Linen decoder bound with mutable=['cache'] is stored on the backend object and called inside the scan body
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
        # one bound decoder per session, so the cache persists between requests
        self.session = self.model.bind(variables, mutable=["cache"])

    def _next_token(self, token, _):
        logits = self.session(token)
        nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
        return nxt, nxt[0]

    def stream(self, prompt):
        _, tokens = jax.lax.scan(self._next_token, prompt, None, length=self.cfg.max_new_tokens)
        return tokens

    def cache_norm(self):
        return jnp.linalg.norm(self.session.variables["cache"]["kv"])


def main():
    backend = ChatBackend(GenerationConfig())
    backend.stream(jnp.array([3], jnp.int32))
    backend.cache_norm().block_until_ready()
    return None
