# label: same-values
# flax-error: none
# class: 2 run_ensemble draws one key from the rngs.perturb stream into the local perturb_key, which goes straight into the scan body for every ensemble member
"""Perturbed-forcing ensemble for a glacier surface-melt emulator."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

FORCING = 8  # temperature, shortwave, longwave, precipitation, ... per elevation band


class MeltEmulator(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(FORCING, 16, rngs=rngs)
        self.melt = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, forcing):
        return nnx.relu(self.melt(nnx.tanh(self.hidden(forcing))))[..., 0]


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
    members: int = 6
    forcing_std: float = 0.15


def run_ensemble(model: MeltEmulator, rngs: nnx.Rngs, forcing, config: EnsembleConfig):
    perturb_key = rngs.perturb()

    def member(carry, _):
        noise = config.forcing_std * jax.random.normal(perturb_key, forcing.shape)
        perturbed = forcing + noise
        return carry, {"melt": model(perturbed), "forcing": perturbed}

    _, members = lax.scan(member, 0, None, length=config.members)
    return members


def main():
    rngs = nnx.Rngs(params=0, perturb=17)
    model = MeltEmulator(rngs=rngs)
    forcing = jnp.linspace(-1.0, 1.0, FORCING)
    return run_ensemble(model, rngs, forcing, EnsembleConfig())
