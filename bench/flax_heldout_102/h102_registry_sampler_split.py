# label: ok
# flax-error: none
# class: 5 a model picked by name from a decorator-filled dict of factories is applied through a functools.partial(model.apply, variables) kept on ScenarioSampler, with one split 'noise' key per step passed as scan xs
"""Grocery demand scenarios: per-SKU demand shocks drawn from a model chosen by name in the config."""
from __future__ import annotations

import dataclasses
import functools
from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    model: str = "residual"
    n_features: int = 5
    n_skus: int = 4
    hidden: int = 8
    horizon: int = 6


MODEL_FACTORIES: dict[str, Callable[[SamplerConfig], nn.Module]] = {}


def register_model(name: str):
    def decorate(factory):
        MODEL_FACTORIES[name] = factory
        return factory
    return decorate


class MlpShock(nn.Module):
    n_skus: int

    @nn.compact
    def __call__(self, features):
        sigma = nn.softplus(nn.Dense(self.n_skus)(features))
        return sigma * jax.random.normal(self.make_rng("noise"), sigma.shape)


class ResidualShock(nn.Module):
    n_skus: int
    hidden: int

    @nn.compact
    def __call__(self, features):
        h = nn.gelu(nn.Dense(self.hidden)(features))
        sigma = nn.softplus(nn.Dense(self.n_skus)(h) + nn.Dense(self.n_skus)(features))
        return sigma * jax.random.normal(self.make_rng("noise"), sigma.shape)


@register_model("mlp")
def make_mlp(cfg: SamplerConfig) -> nn.Module:
    return MlpShock(cfg.n_skus)


@register_model("residual")
def make_residual(cfg: SamplerConfig) -> nn.Module:
    return ResidualShock(cfg.n_skus, cfg.hidden)


class ScenarioSampler:
    def __init__(self, cfg: SamplerConfig, model: nn.Module, variables, key):
        self.cfg = cfg
        self.key = key
        self._sample = functools.partial(model.apply, variables)

    def sample_shocks(self, features):
        self.key, run_key = jax.random.split(self.key)
        step_keys = jax.random.split(run_key, self.cfg.horizon)

        def body(cumulative, key):
            shock = self._sample(features, rngs={"noise": key})
            return cumulative + shock, shock

        _, shocks = jax.lax.scan(body, jnp.zeros((self.cfg.n_skus,)), step_keys)
        return shocks


def build_sampler(cfg: SamplerConfig, seed: int = 0) -> ScenarioSampler:
    model = MODEL_FACTORIES[cfg.model](cfg)
    k_param, k_noise, k_run = jax.random.split(jax.random.key(seed), 3)
    variables = model.init({"params": k_param, "noise": k_noise}, jnp.zeros((cfg.n_features,)))
    return ScenarioSampler(cfg, model, variables, k_run)


def main():
    cfg = SamplerConfig()
    sampler = build_sampler(cfg)
    return sampler.sample_shocks(jnp.linspace(-1.0, 1.0, cfg.n_features))
