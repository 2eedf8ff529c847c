# label: same-values
# flax-error: none
# class: 5 make_drydown_sampler is a factory returning a jax.checkpoint-wrapped step that closes over the model and one key drawn from the nnx.Rngs "evap" stream; the fori_loop body calls the wrapped step
"""Perfume dry-down simulator: samples how the top, heart and base notes of a
finished blend evaporate on skin, one stochastic wear trial per loop step."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class VolatilityModel(nnx.Module):
    def __init__(self, n_notes, rngs):
        self.volatility = nnx.Linear(n_notes, n_notes, rngs=rngs)

    def __call__(self, blend):
        return nnx.sigmoid(self.volatility(blend))


def make_drydown_sampler(model, rngs, skin_noise=0.3):
    evap_key = rngs.evap()

    def trial(blend):
        rate = model(blend)
        jitter = skin_noise * jax.random.normal(evap_key, rate.shape)
        return blend * jnp.exp(-(rate + jitter))

    return jax.checkpoint(trial)


def run_wear_trials(sampler, blend, n_trials):
    def body(i, remaining):
        return remaining.at[i].set(sampler(blend))

    init = jnp.zeros((n_trials,) + blend.shape)
    return fori_loop(0, n_trials, body, init)


def main():
    blend = jnp.array([0.30, 0.25, 0.20, 0.15, 0.10])
    sampler = make_drydown_sampler(VolatilityModel(5, nnx.Rngs(0)), nnx.Rngs(evap=9))
    return run_wear_trials(sampler, blend, n_trials=6)
