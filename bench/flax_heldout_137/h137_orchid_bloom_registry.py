# label: same-values
# flax-error: none
# class: 5 a decorator registry maps "bloom-mc" to a factory returning a step function that closes over one dropout key; jax.lax.scan calls that step for every Monte Carlo sample
"""Orchid nursery: Monte Carlo estimate of days-to-bloom for a tray of Phalaenopsis spikes."""
import jax
import jax.numpy as jnp
from flax import linen as nn

STEP_FACTORIES = {}


def register_step(name):
    def decorator(factory):
        STEP_FACTORIES[name] = factory
        return factory

    return decorator


class BloomNet(nn.Module):
    @nn.compact
    def __call__(self, spikes, train: bool = False):
        h = nn.relu(nn.Dense(32)(spikes))
        h = nn.Dropout(rate=0.25, deterministic=not train)(h)
        return 30.0 + 10.0 * nn.tanh(nn.Dense(1)(h))[..., 0]


@register_step("bloom-mc")
def make_bloom_step(model, variables, rng):
    def step(tray, _):
        days = model.apply(variables, tray, train=True, rngs={"dropout": rng})
        return tray, days

    return step


class ForecastJob:
    def __init__(self, kind, samples):
        self.kind = kind
        self.samples = samples

    def run(self, model, variables, tray, rng):
        step = STEP_FACTORIES[self.kind](model, variables, rng)
        _, draws = jax.lax.scan(step, tray, None, length=self.samples)
        return draws


def main():
    tray = jax.random.uniform(jax.random.key(0), (9, 6))
    model = BloomNet()
    variables = model.init(jax.random.key(1), tray)
    draws = ForecastJob("bloom-mc", samples=6).run(model, variables, tray, jax.random.key(2))
    return draws
