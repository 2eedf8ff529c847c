# label: ok
# flax-error: none
# class: 5 a factory built from a frozen config returns the perturbation function, which builds nnx.Rngs from config.seed folded with the member index inside the fori_loop body
"""Orchard frost alerts: an ensemble of perturbed overnight temperature forecasts per orchard block."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
    seed: int = 42
    n_members: int = 6
    n_blocks: int = 10
    sensor_noise: float = 0.8


class FrostModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lapse = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, readings):
        return readings[..., 0] + self.lapse(readings)[..., 0]


def make_perturber(config: EnsembleConfig):
    base_key = jax.random.key(config.seed)

    def perturb(readings, member):
        rngs = nnx.Rngs(noise=jax.random.fold_in(base_key, member))
        noise = config.sensor_noise * rngs.noise.normal(readings.shape)
        return readings + noise

    return perturb


class FrostEnsemble:
    def __init__(self, config: EnsembleConfig, model: FrostModel):
        self.config = config
        self.model = model
        self.perturb = make_perturber(config)

    def members(self, readings):
        cfg = self.config

        def member(i, lows):
            return lows.at[i].set(self.model(self.perturb(readings, i)))

        return jax.lax.fori_loop(0, cfg.n_members, member, jnp.zeros((cfg.n_members, cfg.n_blocks)))


def main():
    config = EnsembleConfig()
    readings = jnp.stack([jnp.linspace(-1.0, 3.0, config.n_blocks),     # air temperature
                          jnp.linspace(0.2, 0.9, config.n_blocks),      # humidity
                          jnp.linspace(0.0, 1.0, config.n_blocks)], -1)  # slope exposure
    ensemble = FrostEnsemble(config, FrostModel(nnx.Rngs(0)))
    return ensemble.members(readings)
