# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 fori_loop body calls the helper encode_chunk(model, ...), whose nnx.BatchNorm (train mode) updates its BatchStat variables
# modelled on: google/flax#3567 [nnx] Add complex test with scan + batchnorm + dropout and patrick-kidger/equinox#237 BatchNorm raises when used in a scan
"""Streaming feature encoder that warms up BatchNorm statistics chunk by chunk."""

import jax
import jax.numpy as jnp
from flax import nnx

CHUNKS, CHUNK_SIZE, FEATURES, WIDTH = 4, 8, 5, 12


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(FEATURES, WIDTH, rngs=rngs)
        self.norm = nnx.BatchNorm(WIDTH, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(WIDTH, 3, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.norm(self.proj(x))))


def encode_chunk(model, chunk):
    return model(chunk).mean(axis=0)


def calibrate(model, stream):
    def body(i, acc):
        return acc + encode_chunk(model, stream[i]) / CHUNKS

    return jax.lax.fori_loop(0, CHUNKS, body, jnp.zeros(3))


def main():
    model = Encoder(nnx.Rngs(0))
    model.train()
    stream = jax.random.normal(jax.random.key(1), (CHUNKS, CHUNK_SIZE, FEATURES)) * 2.0 + 1.0
    summary = calibrate(model, stream)
    model.eval()
    print(summary, model.norm.mean[...])
    return None
