# label: same-values
# flax-error: none
# class: 5 make_perturber draws a key from the model's rngs and returns a closure over the model and that key, which the fori_loop body calls
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.lax import fori_loop
import flax.nnx as nnx


class SeepageModel(nnx.Module):
    """Predicts seepage through the dam foundation from piezometer heads."""

    def __init__(self, n_piezometers: int, *, rngs: nnx.Rngs):
        self.rngs = rngs
        self.hidden = nnx.Linear(n_piezometers, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, heads):
        return nnx.softplus(self.out(nnx.tanh(self.hidden(heads))))[..., 0]


def make_perturber(model: SeepageModel, sensor_sigma: float):
    key = model.rngs.noise()

    def perturbed_seepage(heads):
        noisy = heads + sensor_sigma * jax.random.normal(key, heads.shape)
        return model(noisy)

    return perturbed_seepage


def sensitivity_run(model: SeepageModel, heads, n_trials: int, sensor_sigma: float = 0.05):
    perturbed = make_perturber(model, sensor_sigma)

    def trial(i, out):
        return out.at[i].set(perturbed(heads))

    return fori_loop(0, n_trials, trial, jnp.zeros((n_trials,) + heads.shape[:-1]))


def main():
    model = SeepageModel(4, rngs=nnx.Rngs(params=0, noise=55))
    heads = jnp.array([[12.1, 11.4, 10.9, 9.7], [12.6, 11.8, 11.0, 9.9]])
    return sensitivity_run(model, heads, n_trials=5)
