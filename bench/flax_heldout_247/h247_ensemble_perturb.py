# label: same-values
# flax-error: none
# class: 4 SnowLoadEnsemble.__call__ runs lax.fori_loop; the body calls the mixin method PerturbationMixin.draw_perturbation, which calls self.make_rng('perturb')
"""Perturbed-forcing ensemble for the avalanche centre's snow-load outlook."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclass(frozen=True)
class EnsembleSpec:
    members: int = 6
    zones: int = 4
    noise_scale: float = 0.15


class PerturbationMixin:
    """For modules that draw forcing perturbations from the 'perturb' stream."""

    perturb_stream = "perturb"

    def draw_perturbation(self, shape):
        key = self.make_rng(self.perturb_stream)
        return self.noise_scale * jax.random.normal(key, shape)


class ZoneLoadModel(nn.Module):
    zones: int

    @nn.compact
    def __call__(self, forcing):
        w = self.param("w", nn.initializers.constant(0.8), (self.zones,))
        b = self.param("b", nn.initializers.zeros, (self.zones,))
        return nn.softplus(forcing * w + b)


class SnowLoadEnsemble(PerturbationMixin, nn.Module):
    zones: int
    members: int
    noise_scale: float = 0.1

    @nn.compact
    def __call__(self, forcing):
        load_model = ZoneLoadModel(self.zones)
        reference = load_model(forcing)

        def member(i, loads):
            perturbed = forcing + self.draw_perturbation(forcing.shape)
            return loads.at[i].set(load_model(perturbed) - reference)

        spread0 = jnp.zeros((self.members,) + forcing.shape)
        return lax.fori_loop(0, self.members, member, spread0)


class OutlookBuilder:
    def __init__(self, spec: EnsembleSpec):
        self.spec = spec
        self.model = SnowLoadEnsemble(spec.zones, spec.members, spec.noise_scale)

    def forcing(self):
        return jnp.array([0.4, 0.9, 1.3, 0.2])

    def build(self, seed: int = 0):
        forcing = self.forcing()
        root = jax.random.key(seed)
        init_key, run_key = jax.random.split(root)
        variables = self.model.init({"params": init_key, "perturb": init_key}, forcing)
        return self.model.apply(variables, forcing, rngs={"perturb": run_key})


def main():
    return OutlookBuilder(EnsembleSpec()).build()
