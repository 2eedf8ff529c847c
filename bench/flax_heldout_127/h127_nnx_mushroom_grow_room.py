# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a GrowRoomService reaches a Session's model (with BatchNorm, still in train mode) through its SessionPool and calls it in the while_loop body
"""Mushroom farm grow-room control: nudges humidity until the model predicts a stable room."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp

lax = jax.lax


class HumidityModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(4, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, sensors):
        return self.out(nnx.relu(self.norm(self.inp(sensors))))[..., 0]


class Session:
    def __init__(self, room, model):
        self.room = room
        self.model = model


class SessionPool:
    def __init__(self, rooms, seed=0):
        self._sessions = {r: Session(r, HumidityModel(nnx.Rngs(seed + i))) for i, r in enumerate(rooms)}

    def acquire(self, room):
        return self._sessions[room]


class GrowRoomService:
    def __init__(self, pool, tolerance=0.05, max_iters=20):
        self.pool = pool
        self.tolerance = tolerance
        self.max_iters = max_iters

    def settle(self, room, sensors):
        def unstable(state):
            it, drift, _ = state
            return (it < self.max_iters) & (jnp.abs(drift) > self.tolerance)

        def adjust(state):
            it, _, s = state
            drift = self.pool.acquire(room).model(s).mean()
            return it + 1, drift, s.at[:, 1].add(-0.1 * drift)

        return lax.while_loop(unstable, adjust, (jnp.int32(0), jnp.float32(1.0), sensors))


def main():
    service = GrowRoomService(SessionPool(["room-1", "room-3"]))
    sensors = jax.random.normal(jax.random.key(0), (10, 4))
    service.settle("room-3", sensors)
    return None
