# label: trace-context
# flax-error: TraceContextError: Cannot mutate RecurrentState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a streaming server keeps one NNX decoder per session whose recurrent state is a custom nnx.Variable; the raw scan over a chunk's tokens assigns it
"""Streaming inference server with per-session NNX decoders."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RecurrentState(nnx.Variable):
    pass


class StreamingDecoder(nnx.Module):
    def __init__(self, din, dim, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(din, dim, rngs=rngs)
        self.rec = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.out = nnx.Linear(dim, 2, rngs=rngs)
        self.state = RecurrentState(jnp.zeros((dim,)))

    def __call__(self, token):
        h = jnp.tanh(self.inp(token) + self.rec(self.state[...]))
        self.state[...] = h
        return self.out(h)


class StreamingServer:
    def __init__(self, factory):
        self.factory = factory
        self.sessions = {}

    def open(self, sid):
        self.sessions[sid] = self.factory()

    def push_chunk(self, sid, tokens):
        decoder = self.sessions[sid]

        def step(_, tok):
            return None, decoder(tok)

        _, outs = jax.lax.scan(step, None, tokens)
        return outs


def main():
    server = StreamingServer(lambda: StreamingDecoder(3, 8, rngs=nnx.Rngs(0)))
    server.open("s1")
    server.push_chunk("s1", jnp.ones((5, 3)))
    return None
