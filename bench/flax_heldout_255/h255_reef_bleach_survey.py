# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a closure returned by make_survey_step captures the bleaching model and its variables from a small dict and is the scan body
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax.lax import scan
import flax.linen as nn


class BleachingScorer(nn.Module):
    bands: int = 5

    @nn.compact
    def __call__(self, spectra, training: bool = True):
        x = nn.Conv(4, kernel_size=(3,), padding="SAME")(spectra[..., None])
        x = nn.BatchNorm(use_running_average=not training, axis_name=None)(x)
        x = jnp.mean(nn.swish(x), axis=1)
        return nn.Dense(1)(x).squeeze(-1)


def build_bundle(seed: int, bands: int):
    model = BleachingScorer(bands=bands)
    variables = model.init(jax.random.PRNGKey(seed), jnp.zeros((2, bands)))
    return {"model": model, "variables": variables}


def _bleach_index(model, variables, spectra):
    return model.apply(variables, spectra)


def make_survey_step(bundle):
    score = functools.partial(_bleach_index, bundle["model"], bundle["variables"])

    def survey_step(tally, spectra):
        index = score(spectra)
        return tally + jnp.sum(index > 0.0), index.mean()

    return survey_step


def transect_spectra(n_dives: int, n_quadrats: int, bands: int):
    grid = jnp.arange(n_dives * n_quadrats * bands, dtype=jnp.float32)
    return jnp.cos(grid / 7.0).reshape(n_dives, n_quadrats, bands)


def main():
    bundle = build_bundle(seed=21, bands=5)
    step = make_survey_step(bundle)
    dives = transect_spectra(n_dives=4, n_quadrats=3, bands=5)
    tally, per_dive = scan(step, jnp.int32(0), dives)
    jax.block_until_ready((tally, per_dive))
    return None
