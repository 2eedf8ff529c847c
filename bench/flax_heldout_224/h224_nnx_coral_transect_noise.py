# label: same-values
# flax-error: none
# class: 2 a local key drawn once from the nnx.Rngs survey stream in survey_transects goes into the fori_loop body and perturbs every transect
"""Coral reef monitoring: bootstrap live-coral cover along diver transects with observer noise."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class CoverModel(nnx.Module):
    def __init__(self, n_quadrats, *, rngs: nnx.Rngs):
        self.bleaching = nnx.Linear(3, n_quadrats, rngs=rngs)
        self.observer_sd = nnx.Param(jnp.asarray(0.05))

    def __call__(self, site_conditions, key):
        cover = nnx.sigmoid(self.bleaching(site_conditions))
        noise = self.observer_sd[...] * jax.random.normal(key, cover.shape)
        return jnp.clip(cover + noise, 0.0, 1.0)


def survey_transects(model, rngs, site_conditions, n_transects):
    key = rngs.survey()

    def transect(i, covers):
        return covers.at[i].set(model(site_conditions, key))

    n_quadrats = model.bleaching.out_features
    return lax.fori_loop(0, n_transects, transect, jnp.zeros((n_transects, n_quadrats)))


def main():
    site = jnp.array([29.8, 0.6, 12.0]) / jnp.array([30.0, 1.0, 20.0])  # SST, turbidity, depth
    model = CoverModel(8, rngs=nnx.Rngs(0))
    covers = survey_transects(model, nnx.Rngs(survey=5), site, n_transects=6)
    return covers
