# label: ok
# flax-error: none
# class: 5 the scan body calls a jax.checkpoint-wrapped partial with the runner's split state from the carry and carries the advanced state on
"""Sampling stochastic enhancement masks with a rematerialised (jax.checkpoint) enhancer."""

from functools import partial

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan as lax_scan

N_BINS = 8


class DropoutEnhancer(nnx.Module):
    def __init__(self, n_bins: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_bins, n_bins, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, frame):
        return frame * jax.nn.sigmoid(self.drop(self.proj(frame)))


def _forward(graphdef, state, frame):
    model = nnx.merge(graphdef, state)
    out = model(frame)
    return nnx.state(model), out


class CheckpointedRunner:
    def __init__(self, model: DropoutEnhancer):
        self.graphdef, self.state = nnx.split(model)
        self.forward = jax.checkpoint(partial(_forward, self.graphdef))

    def sample(self, frame, n_samples: int):
        frames = jnp.broadcast_to(frame, (n_samples,) + frame.shape)

        def body(state, f):
            return self.forward(state, f)

        self.state, enhanced = lax_scan(body, self.state, frames)
        return enhanced


def main():
    frame = jnp.abs(jnp.sin(jnp.arange(N_BINS, dtype=jnp.float32))) + 0.1
    runner = CheckpointedRunner(DropoutEnhancer(N_BINS, nnx.Rngs(params=0, dropout=4)))
    return runner.sample(frame, n_samples=4)
