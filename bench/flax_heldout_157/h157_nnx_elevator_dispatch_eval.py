# label: ok
# flax-error: none
# class: 4 DispatchService.simulate_rush_hour scans and reaches the model through self.session(car_id).model, a pooled CarSession; the pool is switched to eval() before serving, so the body only reads the model's variables
"""Elevator group dispatch: per-car wait-time models held in a session pool."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class WaitTimeModel(nnx.Module):
    def __init__(self, floors: int, hidden: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(floors, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, hall_calls):
        return nnx.softplus(self.head(nnx.relu(self.norm(self.embed(hall_calls)))))[..., 0]


@dataclasses.dataclass
class CarSession:
    car_id: int
    model: WaitTimeModel
    trips: int = 0


class DispatchService:
    def __init__(self, cars: int, floors: int, *, seed: int = 0):
        rngs = nnx.Rngs(seed)
        self.floors = floors
        self.pool = [CarSession(i, WaitTimeModel(floors, 16, rngs=rngs)) for i in range(cars)]

    def freeze_for_serving(self) -> None:
        for session in self.pool:
            session.model.eval()

    def session(self, car_id: int) -> CarSession:
        return self.pool[car_id % len(self.pool)]

    def simulate_rush_hour(self, car_id: int, calls):
        def minute(queue, hall_calls):
            wait = self.session(car_id).model(hall_calls).mean()
            return 0.8 * queue + wait, wait

        _, waits = jax.lax.scan(minute, jnp.zeros(()), calls)
        return waits


def main():
    service = DispatchService(cars=3, floors=12)
    service.freeze_for_serving()
    calls = (jax.random.uniform(jax.random.key(4), (10, 5, 12)) > 0.7).astype(jnp.float32)
    waits = service.simulate_rush_hour(car_id=1, calls=calls)
    print("mean wait", float(waits.mean()))
    return None
