# label: ok
# flax-error: none
# class: 1 StrikeTiming.__call__ runs the scan itself; one make_rng key drawn before the loop is folded with the change index in the body
"""Carillon automation: strike onsets for a peal, with a small random 'humanising' jitter.

Each change (row) of the peal is one scan step; the returned jitter is what the bell
controller adds to the mechanical onset of each bell.
"""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class StrikeTiming(nn.Module):
    bells: int = 8
    jitter_ms: float = 4.0

    @nn.compact
    def __call__(self, peal):
        gap = nn.Dense(self.bells, name="gap_head")
        start = nn.softplus(gap(peal[0]))
        stream = self.make_rng("humanise")

        def ring_change(onset, indexed_row):
            index, row = indexed_row
            key = jax.random.fold_in(stream, index)
            jitter = self.jitter_ms * jax.random.normal(key, (self.bells,))
            onset = onset + nn.softplus(gap(row)) + jitter
            return onset, jitter

        _, jitters = scan(ring_change, start, (jnp.arange(peal.shape[0]), peal))
        return jitters


def plain_hunt(bells: int, changes: int):
    rows = [jnp.arange(bells)]
    for i in range(1, changes):
        row = rows[-1]
        start = 0 if i % 2 else 1
        idx = jnp.arange(start, bells - 1, 2)
        row = row.at[idx].set(rows[-1][idx + 1]).at[idx + 1].set(rows[-1][idx])
        rows.append(row)
    return jnp.stack(rows).astype(jnp.float32) / bells


class PealScheduler:
    def __init__(self, bells: int = 8, seed: int = 0):
        self.model = StrikeTiming(bells=bells)
        self.bells = bells
        self.seed = seed

    def schedule(self, changes: int):
        peal = plain_hunt(self.bells, changes)
        root = jax.random.key(self.seed)
        params_key, humanise_key = jax.random.split(root)
        variables = self.model.init({"params": params_key, "humanise": humanise_key}, peal)
        return self.model.apply(variables, peal, rngs={"humanise": jax.random.fold_in(humanise_key, 1)})


def main():
    return PealScheduler(bells=8, seed=3).schedule(changes=16)
