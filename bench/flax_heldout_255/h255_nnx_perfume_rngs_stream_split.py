# label: ok
# flax-error: none
# class: 5 the module-level step function, bound with functools.partial, calls the module-level ACCORD model inside the scan body; keys from the module-level RNGS stream are split before the loop and scanned as xs
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.nnx as nnx

N_NOTES = 5
RNGS = nnx.Rngs(params=0, jitter=77)


class AccordEvaluator(nnx.Module):
    """Predicts sillage and longevity of a blend from its note ratios."""

    def __init__(self, n_notes: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(n_notes, 8, rngs=rngs)
        self.out = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, ratios):
        return self.out(nnx.tanh(self.body(ratios)))


ACCORD = AccordEvaluator(N_NOTES, rngs=RNGS)


def _weighing_error(ratios, scale, key):
    noise = scale * jax.random.normal(key, ratios.shape)
    weighed = jnp.clip(ratios + noise, 0.0, None)
    return weighed / weighed.sum()


def _trial(ratios, scale, carry, key):
    weighed = _weighing_error(ratios, scale, key)
    return carry, ACCORD(weighed)


def bench_trials(ratios, n_trials: int, scale: float = 0.02):
    step = functools.partial(_trial, ratios, scale)
    keys = jax.random.split(RNGS.jitter(), n_trials)
    _, profiles = scan(step, None, keys)
    return profiles


def main():
    ratios = jnp.array([0.35, 0.25, 0.2, 0.12, 0.08])
    return bench_trials(ratios, n_trials=4)
