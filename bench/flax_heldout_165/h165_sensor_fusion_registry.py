# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "innovation_sq" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step function made by a factory from a decorator registry, wrapped in jax.checkpoint, closes over model and variables and applies the model without mutable in the scan body
"""Sensor fusion adapter: filters are registered by name; the 'learned_kalman' factory returns a
checkpointed step function that fuses one IMU/GPS reading per scan step."""

import dataclasses

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

FILTER_FACTORIES = {}


def register(name):
    def decorate(factory):
        FILTER_FACTORIES[name] = factory
        return factory

    return decorate


class GainNet(nn.Module):
    state_dim: int = 3

    @nn.compact
    def __call__(self, estimate, reading):
        innovation = reading - estimate
        self.variable("diagnostics", "innovation_sq", jnp.zeros, ()).value = jnp.sum(innovation**2)
        gain = nn.sigmoid(nn.Dense(self.state_dim)(jnp.concatenate([estimate, innovation])))
        return estimate + gain * innovation


@dataclasses.dataclass(frozen=True)
class AdapterConfig:
    filter_name: str
    state_dim: int = 3


@register("learned_kalman")
def make_learned_kalman(model, variables):
    def step(estimate, reading):
        new_estimate = model.apply(variables, estimate, reading)
        return new_estimate, jnp.linalg.norm(new_estimate - reading)

    return jax.checkpoint(step)


class FusionAdapter:
    def __init__(self, config: AdapterConfig, model, variables):
        self.config = config
        self.step = FILTER_FACTORIES[config.filter_name](model, variables)

    def fuse(self, readings):
        estimate0 = jnp.zeros((self.config.state_dim,))
        return lax.scan(self.step, estimate0, readings)


def main():
    config = AdapterConfig("learned_kalman")
    model = GainNet(config.state_dim)
    sample = jnp.zeros((config.state_dim,))
    variables = model.init(jax.random.key(0), sample, sample)
    readings = jnp.cumsum(jax.random.normal(jax.random.key(8), (10, 3)) * 0.1, axis=0)
    FusionAdapter(config, model, variables).fuse(readings)
    return None
