# label: ok
# flax-error: none
# class: 1 QuotaEstimator.project runs lax.scan itself, draws self.make_rng('recruitment') once and folds the season index into it inside the body
"""Total-allowable-catch estimator for a demersal fishery.

A surplus-production stock model is projected over several seasons with lognormal recruitment
shocks; the shocks are returned so the quota committee can inspect the sampled recruitment path.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class StockConfig:
    seasons: int = 6
    growth_rate: float = 0.4
    carrying_capacity: float = 1000.0
    recruitment_sd: float = 0.15
    harvest_fraction: float = 0.2


class QuotaEstimator(nn.Module):
    config: StockConfig

    @nn.compact
    def project(self, biomass0):
        cfg = self.config
        catchability = self.param("catchability", nn.initializers.constant(0.8), (biomass0.shape[-1],))

        base_key = self.make_rng("recruitment")

        def season(biomass, season_index):
            key = jax.random.fold_in(base_key, season_index)
            shock = cfg.recruitment_sd * jax.random.normal(key, biomass.shape)
            growth = cfg.growth_rate * biomass * (1.0 - biomass / cfg.carrying_capacity)
            catch = catchability * cfg.harvest_fraction * biomass
            nxt = jnp.maximum(biomass + growth * jnp.exp(shock) - catch, 1.0)
            return nxt, shock

        final, shocks = lax.scan(season, biomass0, jnp.arange(cfg.seasons))
        return final, shocks


def recommend_quota(final_biomass, config: StockConfig):
    return config.harvest_fraction * jnp.sum(final_biomass)


def main():
    config = StockConfig()
    estimator = QuotaEstimator(config)
    biomass0 = jnp.array([420.0, 610.0, 300.0])
    variables = estimator.init(
        {"params": jax.random.key(0), "recruitment": jax.random.key(1)},
        biomass0,
        method=QuotaEstimator.project,
    )
    final, shocks = estimator.apply(
        variables, biomass0, rngs={"recruitment": jax.random.key(2024)}, method=QuotaEstimator.project
    )
    print("quota", recommend_quota(final, config))
    return shocks
