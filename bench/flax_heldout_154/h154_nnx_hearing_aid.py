# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_adaptation_step(enhancer) factory returns a step closure; the while_loop body calls the enhancer, whose Dropout draws from its nnx.Rngs "dropout" stream
"""On-device hearing-aid speech enhancer adaptation.

While the wearer is in a new acoustic scene the enhancer runs a few
noise-robust passes (dropout on) over the current frame until the gain
settles or the frame budget is spent. Each pass's gain mask is kept for the
fitting audiologist's log.
"""
import os

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

MAX_PASSES = int(os.environ.get("HA_MAX_PASSES", "6"))
N_BINS = 8


class SpeechEnhancer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encode = nnx.Linear(N_BINS, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.25, rngs=rngs)
        self.mask = nnx.Linear(16, N_BINS, rngs=rngs)

    def __call__(self, spectrum, key=None):
        h = self.dropout(nnx.relu(self.encode(spectrum)), rngs=key)
        return nnx.sigmoid(self.mask(h))


def make_adaptation_step(enhancer, spectrum):
    def step(state):
        i, gains, log = state
        new_gains = enhancer(spectrum)
        return i + 1, new_gains, log.at[i].set(new_gains)

    def keep_going(state):
        i, gains, _ = state
        return i < MAX_PASSES

    return keep_going, step


def adapt_scene(enhancer, spectrum):
    keep_going, step = make_adaptation_step(enhancer, spectrum)
    init = (0, jnp.ones(N_BINS), jnp.zeros((MAX_PASSES, N_BINS)))
    _, _, log = lax.while_loop(keep_going, step, init)
    return log


def main():
    enhancer = SpeechEnhancer(nnx.Rngs(params=0, dropout=1))
    spectrum = jnp.abs(jax.random.normal(jax.random.key(7), (N_BINS,)))
    return adapt_scene(enhancer, spectrum)
