# label: ok
# flax-error: none
# class: 4 FermentationService -> SessionPool.acquire() -> TankSession.model (switched to eval mode by the pool); the scan body calls session.model on each gravity reading
"""Brewery fermentation forecaster served from a pool of per-tank sessions.

Each fermentation tank has a session holding its fine-tuned gravity model.
The service rolls the forecast forward over the hourly readings with a scan.
"""
import collections

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class GravityNet(nnx.Module):
    def __init__(self, n_in, rngs: nnx.Rngs):
        self.inp = nnx.Linear(n_in, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.norm(self.inp(x)))))[..., 0]


class TankSession:
    def __init__(self, tank_id, model):
        self.tank_id = tank_id
        self.model = model
        self.requests = 0


class SessionPool:
    def __init__(self, factory):
        self.factory = factory
        self.sessions = collections.OrderedDict()

    def acquire(self, tank_id):
        if tank_id not in self.sessions:
            model = self.factory(tank_id)
            model.eval()
            self.sessions[tank_id] = TankSession(tank_id, model)
        session = self.sessions[tank_id]
        session.requests += 1
        return session


class FermentationService:
    def __init__(self, pool):
        self.pool = pool

    def forecast(self, tank_id, readings):
        session = self.pool.acquire(tank_id)

        def step(gravity, reading):
            delta = session.model(reading[None, :])[0]
            gravity = gravity - 0.001 * jax.nn.softplus(delta)
            return gravity, gravity

        _, curve = lax.scan(step, jnp.float32(1.050), readings)
        return curve


def main():
    pool = SessionPool(lambda tank_id: GravityNet(4, rngs=nnx.Rngs(sum(map(ord, tank_id)))))
    service = FermentationService(pool)
    readings = jax.random.normal(jax.random.key(2), (12, 4))
    service.forecast("FV-3", readings)
    return None
