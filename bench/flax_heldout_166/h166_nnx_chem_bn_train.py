# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the abstract BasePredictor.predict_shards template runs the scan and calls the subclass _forward, which reaches a BatchNorm model in training mode through service.registry[name].model
"""Chemistry: a property service predicts solubility shard by shard through a template method."""
import abc
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class PropertyConfig:
    fingerprint_bits: int = 16
    hidden: int = 24
    shards: int = 4
    shard_size: int = 6


class SolubilityNet(nnx.Module):
    def __init__(self, cfg, rngs):
        self.proj = nnx.Linear(cfg.fingerprint_bits, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.norm(self.proj(x)))).squeeze(-1)


@dataclasses.dataclass
class RegistryEntry:
    model: nnx.Module
    units: str


class BasePredictor(abc.ABC):
    """Template: subclasses supply _forward; the shard loop lives here."""

    def predict_shards(self, name, shards):
        def body(count, shard):
            return count + shard.shape[0], self._forward(name, shard)

        _, preds = lax.scan(body, 0, shards)
        return preds.reshape(-1)

    @abc.abstractmethod
    def _forward(self, name, shard):
        ...


class PropertyService(BasePredictor):
    def __init__(self):
        self.registry = {}

    def register(self, name, model, units):
        self.registry[name] = RegistryEntry(model, units)

    def _forward(self, name, shard):
        return self.registry[name].model(shard)


def main():
    cfg = PropertyConfig()
    service = PropertyService()
    service.register("solubility", SolubilityNet(cfg, nnx.Rngs(0)), units="logS")
    bits = jax.random.bernoulli(jax.random.key(1), 0.3, (cfg.shards, cfg.shard_size, cfg.fingerprint_bits))
    preds = service.predict_shards("solubility", bits.astype(jnp.float32))
    preds.block_until_ready()
    return None
