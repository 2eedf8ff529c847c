# label: ok
# flax-error: none
# class: 4 pipeline.injector.key, drawn once from an nnx.Rngs stream, reached through two objects and folded with the scan round index in the body
"""Radio telescope calibration: bootstrap antenna gain solutions under injected thermal noise."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class CalConfig:
    antennas: int = 6
    rounds: int = 5
    noise_sigma: float = 0.1


class GainSolver(nnx.Module):
    def __init__(self, antennas: int, rngs: nnx.Rngs):
        self.solve = nnx.Linear(2 * antennas, antennas, rngs=rngs)

    def __call__(self, visibilities):
        return 1.0 + 0.1 * jnp.tanh(self.solve(visibilities))


class NoiseInjector:
    def __init__(self, sigma: float, rngs: nnx.Rngs):
        self.sigma = sigma
        self.key = rngs.noise()

    def perturb(self, visibilities, round_index):
        key = jax.random.fold_in(self.key, round_index)
        return visibilities + self.sigma * jax.random.normal(key, visibilities.shape)


class CalibrationPipeline:
    def __init__(self, cfg: CalConfig, solver: GainSolver, rngs: nnx.Rngs):
        self.cfg = cfg
        self.solver = solver
        self.injector = NoiseInjector(cfg.noise_sigma, rngs)

    def bootstrap(self, visibilities):
        def round_(carry, r):
            return carry, self.solver(self.injector.perturb(visibilities, r))

        _, gains = lax.scan(round_, None, jnp.arange(self.cfg.rounds))
        return gains


def main():
    cfg = CalConfig()
    vis = jax.random.normal(jax.random.key(40), (2 * cfg.antennas,))
    rngs = nnx.Rngs(params=0, noise=7)
    pipeline = CalibrationPipeline(cfg, GainSolver(cfg.antennas, rngs), rngs)
    return pipeline.bootstrap(vis)
