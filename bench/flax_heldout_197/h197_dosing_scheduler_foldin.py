# label: ok
# flax-error: none
# class: 5 make_dose_sampler() returns functools.partial(model.apply, variables), kept on a DosingScheduler and called in the fori_loop body with the base key folded with the day
"""Anticoagulant dosing: a scheduler simulates the patient-response variability of one dosing
plan over a fortnight, one response sample per day."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class DosingConfig:
    covariates: int = 5
    hidden: int = 10
    days: int = 14
    response_sd: float = 0.2


class ResponseModel(nn.Module):
    cfg: DosingConfig

    @nn.compact
    def __call__(self, covariates, dose):
        h = nn.tanh(nn.Dense(self.cfg.hidden)(covariates))
        sensitivity = nn.softplus(nn.Dense(1)(h)).squeeze(-1)
        eps = jax.random.normal(self.make_rng("response"), sensitivity.shape)
        return dose * sensitivity * jnp.exp(self.cfg.response_sd * eps)


def make_dose_sampler(model, variables):
    return functools.partial(model.apply, variables)


class DosingScheduler:
    def __init__(self, sampler, key, cfg: DosingConfig):
        self.sampler = sampler
        self.key = key
        self.cfg = cfg

    def simulate(self, covariates, dose):
        def day(i, inr):
            key = jax.random.fold_in(self.key, i)
            return inr.at[i].set(self.sampler(covariates, dose, rngs={"response": key}))

        return jax.lax.fori_loop(0, self.cfg.days, day, jnp.zeros((self.cfg.days,)))


def main():
    cfg = DosingConfig()
    model = ResponseModel(cfg)
    patient = jax.random.normal(jax.random.key(0), (cfg.covariates,))
    variables = model.init({"params": jax.random.key(1), "response": jax.random.key(2)}, patient, 5.0)
    scheduler = DosingScheduler(make_dose_sampler(model, variables), jax.random.key(3), cfg)
    return scheduler.simulate(patient, 5.0)
