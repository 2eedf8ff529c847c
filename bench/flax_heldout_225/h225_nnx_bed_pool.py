# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the ward models are built inside the scan body by the make_session factory that SessionPool.get calls lazily, then cached in the pool
"""Hospital bed allocation (NNX): a service with a pool of per-ward forecasting sessions."""
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclass(frozen=True)
class WardProfile:
    name: str
    beds: int
    seed: int


class LengthOfStayModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, patients):
        return nnx.softplus(self.head(nnx.relu(self.body(patients))))[..., 0]


def make_session(profile: WardProfile, features: int = 4) -> LengthOfStayModel:
    return LengthOfStayModel(features, rngs=nnx.Rngs(profile.seed))


class SessionPool:
    def __init__(self, factory: Callable[[WardProfile], LengthOfStayModel]):
        self.factory = factory
        self.sessions: dict[str, LengthOfStayModel] = {}

    def get(self, profile: WardProfile) -> LengthOfStayModel:
        if profile.name not in self.sessions:
            self.sessions[profile.name] = self.factory(profile)
        return self.sessions[profile.name]


class BedService:
    def __init__(self, pool: SessionPool, ward: WardProfile):
        self.pool = pool
        self.ward = ward

    def simulate_week(self, admissions):
        def day(occupied, patients):
            stay = self.pool.get(self.ward)(patients)
            discharged = jnp.sum(stay < 1.0)
            occupied = jnp.clip(occupied + patients.shape[0] - discharged, 0, self.ward.beds)
            return occupied, occupied

        return lax.scan(day, jnp.array(0.0), admissions)

    def discharge_forecast(self, patients):
        return self.pool.get(self.ward)(patients)


def main():
    service = BedService(SessionPool(make_session), WardProfile("cardiology", beds=24, seed=7))
    admissions = jnp.linspace(-1.0, 1.0, 7 * 5 * 4).reshape(7, 5, 4)
    occupied, per_day = service.simulate_week(admissions)
    forecast = service.discharge_forecast(admissions[0])
    jax.block_until_ready((occupied, forecast))
    return None
