# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a streaming server keeps one bound decoder (mutable "cache") per session; the raw scan over a chunk's tokens updates the cache through it
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
    def __init__(self, model, params, cache):
        self.bound = model.bind({"params": params, "cache": cache}, mutable=["cache"])

    @property
    def cache(self):
        return self.bound.variables["cache"]


class StreamingServer:
    def __init__(self, model, params):
        self.model = model
        self.params = params
        self.sessions = {}

    def open(self, sid, init_cache):
        self.sessions[sid] = Session(self.model, self.params, init_cache)

    def push_chunk(self, sid, tokens):
        sess = self.sessions[sid]

        def step(_, tok):
            return None, sess.bound(tok)

        _, outs = jax.lax.scan(step, None, tokens)
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
