# label: ok
# flax-error: none
# class: 5 a closure returned by make_survey_step captures the bleaching model and its params from a small dict and is the scan body; batch_stats ride in the scan carry
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


def _bleach_index(model, params, batch_stats, spectra):
    return model.apply(
        {"params": params, "batch_stats": batch_stats}, spectra, mutable=["batch_stats"]
    )


def make_survey_step(bundle):
    score = functools.partial(_bleach_index, bundle["model"], bundle["variables"]["params"])

    def survey_step(carry, spectra):
        tally, batch_stats = carry
        index, updated = score(batch_stats, spectra)
        return (tally + jnp.sum(index > 0.0), updated["batch_stats"]), index.mean()

    return survey_step


def transect_spectra(n_dives: int, n_quadrats: int, bands: int):
    grid = jnp.arange(n_dives * n_quadrats * bands, dtype=jnp.float32)
    return jnp.cos(grid / 7.0).reshape(n_dives, n_quadrats, bands)


def main():
    bundle = build_bundle(seed=21, bands=5)
    step = make_survey_step(bundle)
    dives = transect_spectra(n_dives=4, n_quadrats=3, bands=5)
    init = (jnp.int32(0), bundle["variables"]["batch_stats"])
    (tally, batch_stats), per_dive = scan(step, init, dives)
    bundle["variables"] = {**bundle["variables"], "batch_stats": batch_stats}
    jax.block_until_ready((tally, per_dive, bundle["variables"]))
    return None
