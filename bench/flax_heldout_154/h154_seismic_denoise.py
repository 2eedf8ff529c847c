# label: same-values
# flax-error: none
# class: 1 StochasticDenoiser.__call__ runs the scan itself and calls self.make_rng("perturb") inside the scan body
"""Seismic trace denoiser with stochastic test-time perturbations.

Each pass over a geophone gather draws a perturbation of the input and records
it, so the processing centre can reproduce the ensemble later.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

N_PASSES = 5


class StochasticDenoiser(nn.Module):
    channels: int = 6
    scale: float = 0.05

    @nn.compact
    def __call__(self, gather):
        smooth = nn.Dense(self.channels, name="smooth")

        def one_pass(acc, _):
            perturbation = self.scale * jax.random.normal(self.make_rng("perturb"), gather.shape)
            cleaned = smooth(gather + perturbation)
            return acc + cleaned / N_PASSES, perturbation

        smooth(gather)
        mean, perturbations = jax.lax.scan(one_pass, jnp.zeros_like(gather), None, length=N_PASSES)
        return mean, perturbations


class ProcessingCentre:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def denoise(self, gather, key):
        return self.model.apply(self.variables, gather, rngs={"perturb": key})


def main():
    model = StochasticDenoiser()
    gather = jax.random.normal(jax.random.key(5), (3, 6))
    variables = model.init({"params": jax.random.key(0), "perturb": jax.random.key(1)}, gather)
    centre = ProcessingCentre(model, variables)
    _, perturbations = centre.denoise(gather, jax.random.key(2))
    return perturbations
