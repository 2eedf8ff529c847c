# label: ok
# flax-error: none
# class: 3 a streaming server keeps each session's cache as data; the raw scan carries the cache and calls model.apply(mutable=["cache"]) per token
"""Streaming inference server that keeps per-session recurrent state."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class StreamingDecoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, token):
        state = self.variable("cache", "state", lambda: jnp.zeros((self.dim,)))
        h = jnp.tanh(nn.Dense(self.dim)(token) + nn.Dense(self.dim, use_bias=False)(state.value))
        state.value = h
        return nn.Dense(2)(h)


class Session:
    def __init__(self, cache):
        self.cache = cache


class StreamingServer:
    def __init__(self, model, params):
        self.model = model
        self.params = params
        self.sessions = {}

    def open(self, sid, init_cache):
        self.sessions[sid] = Session(init_cache)

    def push_chunk(self, sid, tokens):
        sess = self.sessions[sid]

        def step(cache, tok):
            out, mut = self.model.apply({"params": self.params, "cache": cache}, tok, mutable=["cache"])
            return mut["cache"], out

        sess.cache, outs = jax.lax.scan(step, sess.cache, tokens)
        return outs


def main():
    model = StreamingDecoder()
    variables = model.init(jax.random.key(0), jnp.ones((3,)))
    server = StreamingServer(model, variables["params"])
    server.open("s1", variables["cache"])
    server.push_chunk("s1", jnp.ones((5, 3)))
    server.push_chunk("s1", jnp.ones((5, 3)))
    jnp.sum(server.sessions["s1"].cache["state"])
    return None
