# label: ok
# flax-error: none
# class: 4 Rebalancer.plan -> self.engine (RiskEngine) -> .simulator (ScenarioSimulator holding module, variables and a base key) drawn in the fori_loop body with the key folded with the period
"""Monthly portfolio rebalancing against simulated return scenarios.

A learned scenario generator maps today's market features to a distribution of
next-period asset returns. The rebalancer draws one scenario per period of the
planning horizon, folding the period index into the simulator's base key.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class HorizonConfig:
    n_assets: int = 5
    n_features: int = 6
    periods: int = 12
    seed: int = 11


class ScenarioGenerator(nn.Module):
    n_assets: int

    @nn.compact
    def __call__(self, features):
        mu = nn.Dense(self.n_assets)(features) * 0.01
        log_sigma = self.param("log_sigma", nn.initializers.constant(-3.0), (self.n_assets,))
        eps = jax.random.normal(self.make_rng("scenario"), (self.n_assets,))
        return mu + jnp.exp(log_sigma) * eps


class ScenarioSimulator:
    def __init__(self, module, variables, seed):
        self.module = module
        self.variables = variables
        self.key = jax.random.PRNGKey(seed)

    def draw(self, features, period):
        key = jax.random.fold_in(self.key, period)
        return self.module.apply(self.variables, features, rngs={"scenario": key})


class RiskEngine:
    def __init__(self, simulator):
        self.simulator = simulator


class Rebalancer:
    def __init__(self, engine, cfg):
        self.engine = engine
        self.cfg = cfg

    def plan(self, features, target):
        def period(t, state):
            weights, shocks = state
            r = self.engine.simulator.draw(features, t)
            grown = weights * (1.0 + r)
            weights = 0.5 * grown / grown.sum() + 0.5 * target
            return weights, shocks.at[t].set(r)

        shocks0 = jnp.zeros((self.cfg.periods, self.cfg.n_assets))
        return jax.lax.fori_loop(0, self.cfg.periods, period, (target, shocks0))


def main():
    cfg = HorizonConfig()
    module = ScenarioGenerator(cfg.n_assets)
    features = jax.random.normal(jax.random.PRNGKey(2), (cfg.n_features,))
    variables = module.init({"params": jax.random.PRNGKey(0), "scenario": jax.random.PRNGKey(1)}, features)
    engine = RiskEngine(ScenarioSimulator(module, variables, cfg.seed))
    target = jnp.full((cfg.n_assets,), 1.0 / cfg.n_assets)
    weights, shocks = Rebalancer(engine, cfg).plan(features, target)
    return shocks
