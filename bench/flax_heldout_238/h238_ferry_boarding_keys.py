# label: same-values
# flax-error: none
# class: 4 the scan body goes through the boarding simulation's predictor service, which applies the Linen model with the dropout key its KeySource hands out
"""Monte-Carlo boarding-time estimates at a ferry terminal's ticket gates, with dropout as the sampling noise."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax, random


class KeySource(Protocol):
    def key_for(self, purpose: str) -> jax.Array: ...


@dataclass
class SeededKeys:
    seed: int

    def key_for(self, purpose: str) -> jax.Array:
        return random.fold_in(random.key(self.seed), len(purpose))


@dataclass
class DeviceKeys:
    device_id: int
    epoch: int = 0

    def key_for(self, purpose: str) -> jax.Array:
        return random.fold_in(random.key(self.device_id), self.epoch)


class BoardingTimeNet(nn.Module):
    hidden: int = 8
    rate: float = 0.3

    @nn.compact
    def __call__(self, gate_load: jax.Array) -> jax.Array:
        h = nn.relu(nn.Dense(self.hidden)(gate_load))
        h = nn.Dropout(self.rate, deterministic=False)(h)
        return nn.Dense(1)(h).squeeze(-1)


class PredictorService:
    def __init__(self, model: BoardingTimeNet, params, keys: KeySource):
        self.model = model
        self.params = params
        self.keys = keys

    def sample(self, gate_load: jax.Array) -> jax.Array:
        return self.model.apply({"params": self.params}, gate_load, rngs={"dropout": self.keys.key_for("dropout")})


class BoardingSimulation:
    def __init__(self, predictor: PredictorService, draws: int):
        self.predictor = predictor
        self.draws = draws

    def estimates(self, gate_load: jax.Array) -> jax.Array:
        def draw(carry, _):
            return carry, self.predictor.sample(gate_load)

        _, samples = lax.scan(draw, None, None, length=self.draws)
        return samples


def main():
    gate_load = jnp.array([[12.0, 3.0, 0.4], [7.0, 1.0, 0.9], [20.0, 5.0, 0.1]]) / 10.0
    model = BoardingTimeNet()
    params = model.init(random.key(0), gate_load)["params"]
    keys: KeySource = SeededKeys(seed=2024)
    simulation = BoardingSimulation(PredictorService(model, params, keys), draws=5)
    return simulation.estimates(gate_load)
