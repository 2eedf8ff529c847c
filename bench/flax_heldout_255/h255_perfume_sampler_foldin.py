# label: ok
# flax-error: none
# class: 5 the blend model and params sit in the module-level _BLEND_MODELS dict; the scan body is a functools.partial of a module-level step that binds the base key and folds in the step index
from __future__ import annotations

import functools as ft

import jax
import jax.numpy as jnp
from flax import linen as nn

_BLEND_MODELS: dict = {}


class BlendPerturber(nn.Module):
    """Proposes variations of a perfume formula by dropping notes at random."""

    notes: int = 6
    drop_rate: float = 0.3

    @nn.compact
    def __call__(self, formula, deterministic: bool = False):
        h = nn.Dense(16)(formula)
        h = nn.Dropout(self.drop_rate, deterministic=deterministic)(nn.relu(h))
        return nn.softmax(nn.Dense(self.notes)(h))


def load_perturber(name: str, seed: int = 0, notes: int = 6):
    model = BlendPerturber(notes=notes)
    params = model.init(jax.random.PRNGKey(seed), jnp.ones((notes,)), deterministic=True)["params"]
    _BLEND_MODELS[name] = (model, params)


def _propose(name, formula, base_key, carry, index):
    model, params = _BLEND_MODELS[name]
    dropout_key = jax.random.fold_in(base_key, index)
    variant = model.apply({"params": params}, formula, rngs={"dropout": dropout_key})
    return carry, variant


def propose_variants(name, formula, rng, n_variants: int):
    step = ft.partial(_propose, name, formula, rng)
    _, variants = jax.lax.scan(step, None, jnp.arange(n_variants))
    return variants


def main():
    load_perturber("chypre")
    formula = jnp.array([0.30, 0.25, 0.15, 0.12, 0.10, 0.08])
    variants = propose_variants("chypre", formula, jax.random.PRNGKey(99), n_variants=5)
    return variants
