# label: ok
# flax-error: none
# class: 4 an InferenceServer batches queued requests and its Engine wraps model.apply; the while_loop body calls engine.step with mutable=['cache'] and carries the cache
"""Toy inference server: batches pending requests and greedily decodes with a KV-style cache (cache carried)."""
import dataclasses
from typing import List

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CachedDecoder(nn.Module):
    vocab: int = 32
    dim: int = 16
    max_len: int = 8

    @nn.compact
    def __call__(self, token):
        emb = nn.Embed(self.vocab, self.dim)(token)  # [B, dim]
        primed = self.has_variable("cache", "keys")
        keys = self.variable("cache", "keys", jnp.zeros, (token.shape[0], self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if primed:
            keys.value = lax.dynamic_update_slice(keys.value, emb[:, None, :], (0, index.value, 0))
            index.value = index.value + 1
        ctx = keys.value.sum(axis=1) / jnp.maximum(index.value, 1)
        return nn.Dense(self.vocab)(emb + ctx)


@dataclasses.dataclass
class Request:
    prompt_token: int
    max_new_tokens: int


class Engine:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.initial_cache = variables["cache"]

    def step(self, token, cache):
        logits, updates = self.model.apply({"params": self.params, "cache": cache}, token, mutable=["cache"])
        return logits, updates["cache"]


class InferenceServer:
    EOS = 0

    def __init__(self, engine: Engine, max_len: int):
        self.engine = engine
        self.max_len = max_len
        self.queue: List[Request] = []

    def submit(self, req: Request):
        self.queue.append(req)

    def flush(self):
        batch = jnp.array([r.prompt_token for r in self.queue], jnp.int32)
        out = jnp.zeros((batch.shape[0], self.max_len), jnp.int32)

        def cond(state):
            t, tok, _, _ = state
            return (t < self.max_len) & jnp.any(tok != self.EOS)

        def body(state):
            t, tok, out, cache = state
            logits, cache = self.engine.step(tok, cache)
            nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
            return t + 1, nxt, out.at[:, t].set(nxt), cache

        _, _, out, _ = lax.while_loop(cond, body, (0, batch, out, self.engine.initial_cache))
        self.queue.clear()
        return out


def main():
    model = CachedDecoder()
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((3,), jnp.int32))
    server = InferenceServer(Engine(model, variables), max_len=model.max_len)
    for tok in (3, 7, 11):
        server.submit(Request(prompt_token=tok, max_new_tokens=model.max_len))
    print(server.flush())
    return None
