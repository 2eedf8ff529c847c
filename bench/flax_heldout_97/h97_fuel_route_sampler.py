# label: same-values
# flax-error: none
# class: 4 optimiser config seed -> sampler builds PRNGKey(cfg.seed) inside the scan body and applies the perturbation model
"""Fleet fuel-efficiency optimiser: samples speed-profile perturbations from a learned proposal net."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class OptimiserConfig:
    seed: int = 7
    n_proposals: int = 6
    segments: int = 5


class ProposalNet(nn.Module):
    segments: int

    @nn.compact
    def __call__(self, profile, key):
        scale = nn.softplus(nn.Dense(self.segments)(profile))
        return scale * jax.random.normal(key, (self.segments,))


class ProposalSampler:
    def __init__(self, cfg, model, params):
        self.cfg = cfg
        self.model = model
        self.params = params

    def sample(self, profile):
        def draw(prev, _):
            key = jax.random.PRNGKey(self.cfg.seed)
            delta = self.model.apply({"params": self.params}, profile, key)
            return delta, delta

        _, deltas = jax.lax.scan(draw, jnp.zeros((self.cfg.segments,)), None, length=self.cfg.n_proposals)
        return deltas


class FuelOptimiser:
    def __init__(self, cfg):
        model = ProposalNet(cfg.segments)
        profile = jnp.ones((cfg.segments,))
        params = model.init(jax.random.PRNGKey(0), profile, jax.random.PRNGKey(1))["params"]
        self.sampler = ProposalSampler(cfg, model, params)


def main():
    opt = FuelOptimiser(OptimiserConfig())
    return opt.sampler.sample(jnp.linspace(40.0, 90.0, 5) / 100.0)
