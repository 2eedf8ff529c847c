# label: ok
# flax-error: none
# class: 4 the gust rng stream of a bound CraneSafetyModel, reached through SafetyEnvelope -> the bound model made by a builder, is drawn once before the scan and folded with the lift index in the body
"""Seaport crane allocation: before a crane is allocated to a berth, a safety envelope samples
wind gusts for each lift of the plan and checks the boom load.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


class GustSampler(nn.Module):
    scale: float = 3.0

    @nn.compact
    def __call__(self, key=None):
        key = self.make_rng("gust") if key is None else key
        return self.scale * jnp.abs(jax.random.normal(key, (2,)))


class CraneSafetyModel(nn.Module):
    def setup(self):
        self.gusts = GustSampler()
        self.boom = nn.Dense(1)

    def __call__(self, lift, key=None):
        gust = self.gusts(key)
        return self.boom(jnp.concatenate([lift, gust]))[0], gust


@dataclass(frozen=True)
class EnvelopeConfig:
    seed: int = 5
    max_load: float = 4.0


def build_bound_safety_model(config, sample_lift):
    model = CraneSafetyModel()
    variables = model.init({"params": jax.random.key(0), "gust": jax.random.key(1)}, sample_lift)
    return model.bind(variables, rngs={"gust": jax.random.key(config.seed)})


class SafetyEnvelope:
    def __init__(self, config, bound_model):
        self.config = config
        self.model = bound_model

    def check_plan(self, lifts):
        plan_key = self.model.make_rng("gust")

        def lift_step(violations, indexed_lift):
            i, lift = indexed_lift
            load, gust = self.model(lift, jax.random.fold_in(plan_key, i))
            return violations + (load > self.config.max_load), gust

        _, gusts = jax.lax.scan(lift_step, jnp.int32(0), (jnp.arange(lifts.shape[0]), lifts))
        return gusts


def main():
    config = EnvelopeConfig()
    lifts = jax.random.uniform(jax.random.key(2), (6, 3))
    envelope = SafetyEnvelope(config, build_bound_safety_model(config, lifts[0]))
    return envelope.check_plan(lifts)
