# label: ok
# flax-error: none
# class: 4 the ScenarioRunner that the CrewForecaster service owns keeps model, variables and a base key; the scan body calls self.runner.sample with the scenario index folded into the key
"""Airline crew scheduling: Monte-Carlo forecast of reserve-crew call-outs per crew base.

The forecaster keeps MC-dropout switched on at serving time and draws one scenario per
scan step; the scenarios feed the reserve-pool sizing report.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    hidden: int = 16
    dropout: float = 0.3
    bases: int = 4
    scenarios: int = 8


class ReserveDemandNet(nn.Module):
    cfg: ForecastConfig

    @nn.compact
    def __call__(self, features, *, deterministic: bool):
        h = nn.relu(nn.Dense(self.cfg.hidden, name="encode")(features))
        h = nn.Dropout(self.cfg.dropout)(h, deterministic=deterministic)
        return nn.softplus(nn.Dense(self.cfg.bases, name="callouts")(h))


class ScenarioRunner:
    """Keeps model and variables so report code can draw scenarios without plumbing them."""

    def __init__(self, model: nn.Module, variables, key):
        self._model = model
        self._variables = variables
        self._key = key

    def sample(self, features, scenario):
        key = jax.random.fold_in(self._key, scenario)
        return self._model.apply(self._variables, features, deterministic=False, rngs={"dropout": key})


class CrewForecaster:
    def __init__(self, cfg: ForecastConfig, runner: ScenarioRunner):
        self.cfg = cfg
        self.runner = runner

    def scenarios(self, duty_period_features):
        def draw(total, scenario):
            callouts = self.runner.sample(duty_period_features, scenario)
            return total + callouts.sum(), callouts

        _, per_scenario = jax.lax.scan(draw, jnp.zeros(()), jnp.arange(self.cfg.scenarios))
        return per_scenario

    def reserve_pool(self, duty_period_features, quantile=0.9):
        draws = self.scenarios(duty_period_features)
        return draws, jnp.quantile(draws.sum(-1), quantile)


def main():
    cfg = ForecastConfig()
    model = ReserveDemandNet(cfg)
    features = jax.random.normal(jax.random.key(0), (3, 10))  # 3 duty periods x 10 features
    variables = model.init(jax.random.key(1), features, deterministic=True)
    runner = ScenarioRunner(model, variables, jax.random.key(2))
    draws, _ = CrewForecaster(cfg, runner).reserve_pool(features)
    return draws
