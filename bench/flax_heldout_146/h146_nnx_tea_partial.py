# label: same-values
# flax-error: none
# class: 5 functools.partial(sampler, leaves) is called in the while_loop body; BlendSampler rebuilds nnx.Rngs from its stored seed on every call, so each trial gets the same dropout mask
"""Tea blending house: samples candidate blends for a tasting panel."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class BlendSampler(nnx.Module):
    def __init__(self, n_teas: int, seed: int, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(n_teas, n_teas, rngs=rngs)
        self.drop = nnx.Dropout(0.4)
        self.seed = seed

    def __call__(self, leaves):
        rngs = nnx.Rngs(dropout=self.seed)
        logits = self.drop(self.score(leaves), rngs=rngs)
        return nnx.softmax(logits)


class TastingPanel:
    def __init__(self, sampler: BlendSampler, n_trials: int = 8):
        self.sampler = sampler
        self.n_trials = n_trials

    def propose(self, leaves):
        draw = partial(self.sampler, leaves)

        def cond(state):
            i, _ = state
            return i < self.n_trials

        def body(state):
            i, blends = state
            return i + 1, blends.at[i].set(draw())

        init = (jnp.zeros((), jnp.int32), jnp.zeros((self.n_trials, leaves.shape[-1])))
        _, blends = lax.while_loop(cond, body, init)
        return blends


def main():
    # assam, darjeeling, keemun, ceylon, lapsang, jasmine
    leaves = jnp.array([0.9, 0.6, 0.4, 0.8, 0.2, 0.3])
    sampler = BlendSampler(6, seed=2024, rngs=nnx.Rngs(0))
    return TastingPanel(sampler).propose(leaves)
