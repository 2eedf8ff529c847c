# label: ok
# flax-error: none
# class: 3 a streaming server splits each session's NNX decoder into graphdef, RecurrentState and the rest; the raw scan carries the recurrent state, merges in the body, nnx.update()s after
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
        graphdef, cache, rest = nnx.split(decoder, RecurrentState, ...)

        def step(cache, tok):
            dec = nnx.merge(graphdef, cache, rest)
            out = dec(tok)
            return nnx.state(dec, RecurrentState), out

        cache, outs = jax.lax.scan(step, cache, tokens)
        nnx.update(decoder, cache)
        return outs


def main():
    server = StreamingServer(lambda: StreamingDecoder(3, 8, rngs=nnx.Rngs(0)))
    server.open("s1")
    server.push_chunk("s1", jnp.ones((5, 3)))
    return None
