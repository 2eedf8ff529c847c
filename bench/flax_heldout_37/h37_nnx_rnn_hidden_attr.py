# label: trace-context
# flax-error: TraceContextError: Cannot mutate RecurrentState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a stateful GRU keeps its hidden state in an nnx.Variable subclass and writes it in __call__; run_chunk's raw jax.lax.scan body closes over the module and calls it per step
"""Streaming (stateful) GRU for truncated BPTT over a long sequence, chunk by chunk."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RecurrentState(nnx.Variable):
    pass


class StatefulGRU(nnx.Module):
    def __init__(self, din: int, dh: int, batch: int, *, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, dh, rngs=rngs)
        self.readout = nnx.Linear(dh, 1, rngs=rngs)
        self.h = RecurrentState(jnp.zeros((batch, dh)))

    def __call__(self, x_t):
        h, _ = self.cell(self.h[...], x_t)
        self.h[...] = h
        return self.readout(h)[..., 0]

    def reset(self):
        self.h[...] = jnp.zeros_like(self.h[...])


def run_chunk(model, xs):
    def body(_, x_t):
        return None, model(x_t)

    _, ys = jax.lax.scan(body, None, xs)
    return ys


def main():
    model = StatefulGRU(3, 16, batch=2, rngs=nnx.Rngs(0))
    stream = jax.random.normal(jax.random.key(1), (12, 2, 3))
    preds = [run_chunk(model, chunk) for chunk in jnp.split(stream, 3)]
    print(jnp.concatenate(preds).shape)
