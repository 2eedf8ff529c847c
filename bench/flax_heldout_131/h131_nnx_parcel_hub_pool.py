# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 service.acquire() hands out a pooled session whose .model (BatchNorm still in train mode) is called inside the scan body
"""Parcel hub: a sorting service estimates dimensional weight for each scanner frame on the belt."""
import itertools

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DimWeightNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Linear(9, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, frames):
        return nnx.softplus(self.out(nnx.relu(self.bn(self.conv(frames)))))[:, 0]


class InferenceSession:
    def __init__(self, model: DimWeightNet):
        self.model = model
        self.requests = 0


class SortingService:
    def __init__(self, pool_size: int = 2):
        self.pool = [InferenceSession(DimWeightNet(nnx.Rngs(i))) for i in range(pool_size)]
        self._cycle = itertools.cycle(self.pool)

    def acquire(self) -> InferenceSession:
        session = next(self._cycle)
        session.requests += 1
        return session

    def weigh_belt(self, frames):
        session = self.acquire()

        def body(total, frame_batch):
            kg = session.model(frame_batch)
            return total + kg.sum(), kg

        return lax.scan(body, jnp.float32(0.0), frames)


def main():
    service = SortingService()
    frames = jax.random.uniform(jax.random.key(4), (6, 10, 9))
    total, per_parcel = service.weigh_belt(frames)
    jax.block_until_ready((total, per_parcel))
    return None
