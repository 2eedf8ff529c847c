# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the BatchNorm of GateService.model.encoder is reached through the service and the model from the scan body over trucks, in training mode
from typing import Iterator, NamedTuple

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class EpochResult(NamedTuple):
    epoch: int
    mismatch: jax.Array


class PlateEncoder(nnx.Module):
    def __init__(self, dims: int, width: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dims, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, momentum=0.9, rngs=rngs)

    def __call__(self, plate):
        return nnx.relu(self.norm(self.proj(plate)))


class GateModel(nnx.Module):
    def __init__(self, dims: int = 6, width: int = 8, codes: int = 4, *, rngs: nnx.Rngs):
        self.encoder = PlateEncoder(dims, width, rngs)
        self.head = nnx.Linear(width, codes, rngs=rngs)

    def __call__(self, plate):
        return self.head(self.encoder(plate))


class GateService:
    def __init__(self, seed: int = 0):
        self.model = GateModel(rngs=nnx.Rngs(seed))

    def lane_mismatch(self, trucks, codes):
        def truck(total, item):
            plate, code = item
            logits = self.model(plate)
            return total + cross_entropy(logits, code), None

        total, _ = jax.lax.scan(truck, jnp.zeros(()), (trucks, codes))
        return total / trucks.shape[0]


def cross_entropy(logits, code):
    return -jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(code, logits.shape[-1]))


def epoch_stream(service: GateService, trucks, codes, epochs: int) -> Iterator[EpochResult]:
    for epoch in range(epochs):
        yield EpochResult(epoch, service.lane_mismatch(trucks, codes))


def main():
    service = GateService()
    trucks = jax.random.normal(jax.random.key(5), (4, 2, 6))
    codes = jnp.array([[0, 1], [2, 3], [1, 1], [3, 0]])
    history = [result.mismatch for result in epoch_stream(service, trucks, codes, epochs=2)]
    jax.block_until_ready(history)
    return None
