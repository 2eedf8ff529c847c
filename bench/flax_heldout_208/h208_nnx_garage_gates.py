# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an NNX model with Dropout and its Rngs stream reached through ParkingService.levels[i].model, called in train mode in the body
"""Parking garage entry gates: stochastic per-gate arrival samples for each 15-minute slot."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclass(frozen=True)
class GateConfig:
    gates: int = 4
    features: int = 6
    dropout: float = 0.2


class ArrivalModel(nnx.Module):
    def __init__(self, cfg: GateConfig, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(cfg.features, 32, rngs=rngs)
        self.dropout = nnx.Dropout(cfg.dropout, rngs=rngs)
        self.head = nnx.Linear(32, cfg.gates, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(self.dropout(nnx.relu(self.encoder(x)))))


class LevelController:
    def __init__(self, name, cfg, seed):
        self.name = name
        self.model = ArrivalModel(cfg, nnx.Rngs(params=seed, dropout=seed + 100))


class ParkingService:
    def __init__(self, cfg: GateConfig):
        self.levels = [LevelController(f"P{i}", cfg, seed=i) for i in range(3)]

    def sample_level(self, level: int, slot_features):
        controller = self.levels[level]

        def slot(carry, x):
            arrivals = controller.model(x)
            return carry + arrivals.sum(), arrivals

        _, per_slot = lax.scan(slot, jnp.float32(0.0), slot_features)
        return per_slot


def main():
    cfg = GateConfig()
    service = ParkingService(cfg)
    slot_features = jnp.ones((8, cfg.features))  # eight identical quarter-hours
    return service.sample_level(1, slot_features)
