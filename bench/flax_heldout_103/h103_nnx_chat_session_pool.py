# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 RoutingService -> SessionPool.get builds a tenant's IntentRouter lazily on first use, which happens inside the routing scan; the pool keeps it for later requests
"""Customer support: route incoming chat messages to queues (billing, tech, sales, other).
Each tenant gets its own small NNX intent router; a session pool builds routers on demand
and keeps them warm; the routing service scans a tenant's message backlog."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class TenantConfig:
    name: str
    seed: int
    n_queues: int = 4


class IntentRouter(nnx.Module):
    def __init__(self, dim: int, n_queues: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(dim, 16, rngs=rngs)
        self.head = nnx.Linear(16, n_queues, rngs=rngs)

    def __call__(self, message_embedding):
        return self.head(nnx.gelu(self.encoder(message_embedding)))


class SessionPool:
    def __init__(self, tenants, dim: int):
        self.configs = {t.name: t for t in tenants}
        self.dim = dim
        self.sessions = {}

    def get(self, tenant: str) -> IntentRouter:
        if tenant not in self.sessions:
            cfg = self.configs[tenant]
            self.sessions[tenant] = IntentRouter(self.dim, cfg.n_queues, nnx.Rngs(cfg.seed))
        return self.sessions[tenant]


class RoutingService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def route_backlog(self, tenant: str, messages):
        def route(queue_load, msg):
            queue = jnp.argmax(self.pool.get(tenant)(msg))
            return queue_load.at[queue].add(1), queue

        n_queues = self.pool.configs[tenant].n_queues
        return scan(route, jnp.zeros((n_queues,), jnp.int32), messages)

    def route_one(self, tenant: str, msg):
        return jnp.argmax(self.pool.get(tenant)(msg))


def main():
    pool = SessionPool([TenantConfig("acme", 0), TenantConfig("globex", 1)], dim=12)
    service = RoutingService(pool)
    backlog = jax.random.normal(jax.random.key(3), (20, 12))
    service.route_backlog("acme", backlog)
    int(service.route_one("acme", backlog[0]))
    return None
