# label: ok
# flax-error: none
# class: 4 TrajectoryService.pool.get(tenant).model is put in eval mode by the pool; the scan body calls session.model, whose BatchNorm only reads its statistics
"""Air-traffic trajectory extrapolation served from a per-tenant model pool."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class TrajectoryNet(nnx.Module):
    def __init__(self, features, rngs):
        self.encode = nnx.Linear(features, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, track):
        return self.head(nnx.relu(self.norm(self.encode(track))))


@dataclass
class TenantSession:
    tenant: str
    model: TrajectoryNet
    requests: int = 0


class ModelPool:
    def __init__(self, factory):
        self._factory = factory
        self._sessions = {}

    def get(self, tenant):
        if tenant not in self._sessions:
            self._sessions[tenant] = TenantSession(tenant, self._factory(tenant))
        return self._sessions[tenant]


def build_model(tenant):
    seed = sum(map(ord, tenant)) % 97
    model = TrajectoryNet(features=6, rngs=nnx.Rngs(seed))
    model.eval()
    return model


class TrajectoryService:
    def __init__(self, pool):
        self.pool = pool

    def extrapolate(self, tenant, tracks):
        session = self.pool.get(tenant)
        session.requests += 1

        def body(position, track):
            delta = session.model(track)
            return position + delta.mean(0), None

        final, _ = lax.scan(body, jnp.zeros(2), tracks)
        return final


def main():
    service = TrajectoryService(ModelPool(build_model))
    tracks = jax.random.normal(jax.random.key(0), (5, 4, 6))
    print(service.extrapolate("approach-control-eu", tracks))
    return None
