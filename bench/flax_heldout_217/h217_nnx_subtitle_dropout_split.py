# label: ok
# flax-error: none
# class: 3 Retimer.model, an NNX module with Dropout, is called in the scan body with a per-cue key taken from keys split before the loop and scanned over
"""Subtitle timing alignment: sample plausible retimings of each cue for a QC reviewer.

The retiming net keeps dropout on at review time so the tool can show a spread of
candidate offsets; cues are processed in order by a scan that tracks the running offset.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class RetimingNet(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.offset = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, cue, rngs=None):
        h = nnx.relu(self.proj(cue))
        h = self.dropout(h, rngs=rngs)
        return 1.5 * jnp.tanh(self.offset(h))[0]  # seconds


class Retimer:
    def __init__(self, model: RetimingNet, rngs: nnx.Rngs):
        self.model = model
        self.key = rngs.review()

    def sample_offsets(self, cues):
        def cue(running, inputs):
            features, key = inputs
            offset = self.model(features, rngs=key)
            return 0.8 * running + 0.2 * offset, offset

        keys = jax.random.split(self.key, cues.shape[0])
        _, offsets = scan(cue, jnp.zeros(()), (cues, keys))
        return offsets


def main():
    cues = jax.random.normal(jax.random.key(12), (10, 6))  # onset energy, gap, chars/s, ...
    rngs = nnx.Rngs(params=0, dropout=1, review=2)
    model = RetimingNet(6, rngs=rngs)
    model.train()
    return Retimer(model, rngs).sample_offsets(cues)
