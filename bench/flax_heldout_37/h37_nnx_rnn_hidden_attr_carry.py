# label: ok
# flax-error: none
# class: 4 a stateful GRU keeps its hidden state in an nnx.Variable subclass; run_chunk reads it into the raw jax.lax.scan carry, steps with model.step, and writes the final carry back after the loop
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

    def step(self, h, x_t):
        h, _ = self.cell(h, x_t)
        return h, self.readout(h)[..., 0]

    def reset(self):
        self.h[...] = jnp.zeros_like(self.h[...])


def run_chunk(model, xs):
    h, ys = jax.lax.scan(model.step, model.h[...], xs)
    model.h[...] = h
    return ys


def main():
    model = StatefulGRU(3, 16, batch=2, rngs=nnx.Rngs(0))
    stream = jax.random.normal(jax.random.key(1), (12, 2, 3))
    preds = [run_chunk(model, chunk) for chunk in jnp.split(stream, 3)]
    print(jnp.concatenate(preds).shape)
