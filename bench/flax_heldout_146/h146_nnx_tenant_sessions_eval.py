# label: ok
# flax-error: none
# class: 4 service.pool.session(tenant) lazily merges a per-tenant snapshot on first use, inside the scan body, and puts it in eval mode, so the cached session only reads its BatchNorm statistics
"""Parcel-locker network: per-tenant demand models served from a session pool."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class LockerDemand(nnx.Module):
    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_features, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.relu(self.norm(self.proj(x))))).squeeze(-1)


class SessionPool:
    """Keeps one ready-to-call model per tenant, created from a snapshot on first use."""

    def __init__(self):
        self._snapshots = {}
        self._sessions = {}

    def publish(self, tenant: str, model: nnx.Module):
        self._snapshots[tenant] = nnx.split(model)
        self._sessions.pop(tenant, None)

    def session(self, tenant: str) -> nnx.Module:
        if tenant not in self._sessions:
            graphdef, state = self._snapshots[tenant]
            session = nnx.merge(graphdef, state, copy=True)
            session.eval()
            self._sessions[tenant] = session
        return self._sessions[tenant]


class LockerDemandService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def forecast(self, tenant: str, hourly):
        def body(total, features):
            parcels = self.pool.session(tenant)(features)
            return total + parcels.sum(), parcels

        return lax.scan(body, jnp.zeros(()), hourly)

    def health_check(self, tenant: str, probe):
        return bool(jnp.all(jnp.isfinite(self.pool.session(tenant)(probe))))


def main():
    hourly = jax.random.normal(jax.random.key(0), (24, 10, 5))  # hours x lockers x features
    pool = SessionPool()
    for i, tenant in enumerate(["courier-a", "courier-b"]):
        pool.publish(tenant, LockerDemand(5, rngs=nnx.Rngs(i)))
    service = LockerDemandService(pool)
    service.forecast("courier-b", hourly)
    print("healthy", service.health_check("courier-b", hourly[0]))
    return None
