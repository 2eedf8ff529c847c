# label: ok
# flax-error: none
# class: 5 a strategy registered with @register_strategy is a factory returning a step that carries the sampling key and splits it each path
"""Hotel revenue management: Thompson sampling over a posterior of the nightly room rate.

Pricing strategies are registered by name; the revenue manager builds the chosen one
and simulates price paths for tomorrow's inventory with a raw lax.scan.
"""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn

STRATEGIES: Dict[str, Callable] = {}


def register_strategy(name: str):
    def decorate(factory):
        STRATEGIES[name] = factory
        return factory
    return decorate


class RatePosterior(nn.Module):
    n_room_types: int = 4

    @nn.compact
    def __call__(self, demand_features):
        mean = 120.0 + 30.0 * nn.Dense(self.n_room_types)(demand_features)
        log_std = nn.Dense(self.n_room_types)(demand_features) - 1.0
        draw = jax.random.normal(self.make_rng("sample"), mean.shape)
        return mean + jnp.exp(log_std) * 10.0 * draw


@register_strategy("thompson")
def thompson_strategy(model: nn.Module, variables):
    def price_path(key, demand_features):
        key, sample_key = jax.random.split(key)
        rates = model.apply(variables, demand_features, rngs={"sample": sample_key})
        return key, rates
    return price_path


class RevenueManager:
    def __init__(self, model, variables, strategy: str, seed: int):
        self.step = STRATEGIES[strategy](model, variables)
        self.key = jax.random.key(seed)

    def simulate(self, demand_features, n_paths: int):
        repeated = jnp.broadcast_to(demand_features, (n_paths,) + demand_features.shape)
        self.key, rates = lax.scan(self.step, self.key, repeated)
        return rates


def main():
    model = RatePosterior()
    features = jax.random.normal(jax.random.key(8), (6,))
    variables = model.init({"params": jax.random.key(0), "sample": jax.random.key(1)}, features)
    manager = RevenueManager(model, variables, "thompson", seed=2024)
    rates = manager.simulate(features, n_paths=10)
    print("suggested rates", rates.mean(0))
    return rates
