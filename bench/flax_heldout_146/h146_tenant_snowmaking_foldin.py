# label: ok
# flax-error: none
# class: 4 registry.entry(resort).apply_fn, a functools.partial of model.apply kept on a per-tenant entry, is called in the scan body with the entry key folded with the sample index
"""Snowmaking demand service: Monte-Carlo dropout samples per ski-resort tenant."""
from dataclasses import dataclass, field
from functools import partial
from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class DemandNet(nn.Module):
    hidden: int = 24
    rate: float = 0.3

    @nn.compact
    def __call__(self, weather, deterministic: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(weather))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(2)(h)  # water m3/h, compressor kW


@dataclass
class TenantEntry:
    apply_fn: Callable
    dropout_key: jax.Array


@dataclass
class TenantRegistry:
    entries: dict = field(default_factory=dict)

    def register(self, resort: str, model: nn.Module, variables, seed: int):
        fn = partial(model.apply, variables)
        self.entries[resort] = TenantEntry(fn, jax.random.key(seed))

    def entry(self, resort: str) -> TenantEntry:
        return self.entries[resort]


class DemandSampler:
    def __init__(self, registry: TenantRegistry, n_samples: int = 8):
        self.registry = registry
        self.n_samples = n_samples

    def sample(self, resort: str, weather):
        entry = self.registry.entry(resort)

        def body(carry, t):
            demand = entry.apply_fn(weather, rngs={"dropout": jax.random.fold_in(entry.dropout_key, t)})
            return carry, demand

        _, draws = scan(body, None, jnp.arange(self.n_samples))
        return draws


def main():
    weather = jnp.array([[-6.0, 0.55, 3.2, 1.0]])  # temp, humidity, wind, night flag
    registry = TenantRegistry()
    for i, resort in enumerate(["north-bowl", "glacier-ridge"]):
        model = DemandNet()
        variables = model.init(jax.random.key(10 + i), weather, deterministic=True)
        registry.register(resort, model, variables, seed=100 + i)
    return DemandSampler(registry).sample("glacier-ridge", weather)
