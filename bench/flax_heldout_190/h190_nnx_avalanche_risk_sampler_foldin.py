# label: ok
# flax-error: none
# class: 3 the perturbation key drawn once from rngs.perturb() is the attribute RiskSampler.key; each scan step folds its scenario index into it before using RiskSampler.model
"""Avalanche release-probability ensemble for a mountain rescue bulletin.

Snowpack observations (new snow, wind load, temperature gradient, slope angle, weak-layer
score) are uncertain, so the bulletin service perturbs them and reports the spread of the
model's release probability across the perturbed scenarios.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class SnowpackRisk(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, obs):
        return nnx.sigmoid(self.l2(nnx.gelu(self.l1(obs))))[..., 0]


class RiskSampler:
    def __init__(self, model: SnowpackRisk, rngs: nnx.Rngs, noise_scale: float, n_scenarios: int):
        self.model = model
        self.noise_scale = noise_scale
        self.n_scenarios = n_scenarios
        self.key = rngs.perturb()

    def scenarios(self, obs):
        def one_scenario(carry, index):
            key = jax.random.fold_in(self.key, index)
            eps = self.noise_scale * jax.random.normal(key, obs.shape)
            return carry, self.model(obs + eps)

        _, probs = scan(one_scenario, None, jnp.arange(self.n_scenarios))
        return probs


class Bulletin:
    def __init__(self, sampler: RiskSampler):
        self.sampler = sampler

    def issue(self, slopes):
        probs = self.sampler.scenarios(slopes)
        return probs, jnp.quantile(probs, 0.9, axis=0)


def main():
    rngs = nnx.Rngs(params=0, perturb=5)
    sampler = RiskSampler(SnowpackRisk(rngs), rngs, noise_scale=0.1, n_scenarios=6)
    slopes = jnp.array([[0.6, 0.8, -0.3, 0.7, 0.5], [0.1, 0.2, 0.4, 0.3, 0.2]])
    probs, _ = Bulletin(sampler).issue(slopes)
    return probs
