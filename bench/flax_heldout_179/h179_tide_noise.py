# label: same-values
# flax-error: none
# class: 1 the surge module's own __call__ runs the scan and calls self.make_rng inside the step body
"""Storm-surge ensemble member: perturbs a harmonic tide state with stochastic forcing."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class SurgeConfig:
    n_harmonics: int = 8
    horizon: int = 12
    damping: float = 0.9
    noise_scale: float = 0.05


class SurgeModel(nn.Module):
    cfg: SurgeConfig

    @nn.compact
    def __call__(self, forcing):
        level0 = nn.Dense(self.cfg.n_harmonics, name="harmonic_proj")(forcing)

        def advance(level, hour):
            # one stochastic kick per simulated hour
            kick = jax.random.normal(self.make_rng("surge"), level.shape)
            level = self.cfg.damping * level + self.cfg.noise_scale * kick
            return level, kick

        _, kicks = jax.lax.scan(advance, level0, jnp.arange(self.cfg.horizon))
        return kicks


class SurgeForecaster:
    """Service object: one trained model, many ensemble members."""

    def __init__(self, cfg: SurgeConfig, seed: int = 0):
        self.model = SurgeModel(cfg)
        forcing = jnp.zeros((4,))
        self.variables = self.model.init(
            {"params": jax.random.key(seed), "surge": jax.random.key(seed + 1)}, forcing
        )

    def member(self, forcing, member_seed: int):
        return self.model.apply(
            self.variables, forcing, rngs={"surge": jax.random.key(member_seed)}
        )


def main():
    forecaster = SurgeForecaster(SurgeConfig())
    forcing = jnp.array([0.3, -0.1, 0.7, 0.2])
    return forecaster.member(forcing, member_seed=42)


if __name__ == "__main__":
    print(main())
