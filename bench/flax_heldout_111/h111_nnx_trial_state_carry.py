# label: ok
# flax-error: none
# class: 5 make_replicate_step returns functools.partial(_replicate_step, graphdef); the scan body nnx.merge's a copy of the carried state and hands back nnx.state of the advanced copy
"""Clinical trial simulator: Monte-Carlo replicates of one cohort for a power analysis; patient
response variability is simulated with dropout noise in an NNX response model."""

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class PowerConfig:
    n_patients: int = 24
    n_covariates: int = 5
    n_replicates: int = 6
    variability: float = 0.3


class ResponseSimulator(nnx.Module):
    def __init__(self, cfg: PowerConfig, rngs: nnx.Rngs):
        self.effect = nnx.Linear(cfg.n_covariates, 8, rngs=rngs)
        self.noise = nnx.Dropout(cfg.variability, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, covariates):
        return nnx.sigmoid(self.out(self.noise(nnx.relu(self.effect(covariates))))).squeeze(-1)


def _replicate_step(graphdef, state, cohort):
    simulator = nnx.merge(graphdef, state, copy=True)
    responders = (simulator(cohort) > 0.5).mean()
    return nnx.state(simulator), responders


def make_replicate_step(model: ResponseSimulator):
    graphdef, state = nnx.split(model)
    return functools.partial(_replicate_step, graphdef), state


class PowerAnalysis:
    def __init__(self, model: ResponseSimulator, cfg: PowerConfig):
        self.cfg = cfg
        self.step, self.state = make_replicate_step(model)

    def run(self, cohort):
        def replicate(state, _):
            return self.step(state, cohort)

        self.state, rates = jax.lax.scan(replicate, self.state, None, length=self.cfg.n_replicates)
        return rates


def main():
    cfg = PowerConfig()
    model = ResponseSimulator(cfg, nnx.Rngs(params=0, dropout=5))
    cohort = jax.random.normal(jax.random.key(2), (cfg.n_patients, cfg.n_covariates))
    return PowerAnalysis(model, cfg).run(cohort)
