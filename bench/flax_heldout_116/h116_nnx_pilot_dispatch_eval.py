# label: ok
# flax-error: none
# class: 4 DispatchService.sessions[tenant] is a TenantSession whose .model is put in eval mode when the session opens and is called inside the lax.scan body of forecast()
"""Harbour pilot dispatch: one service hosts a demand model per port authority
(tenant) and rolls each tenant's forecast over the coming tide windows."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PilotDemand(nnx.Module):
    def __init__(self, features, hidden, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(features, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.relu(self.norm(self.inp(x)))))[..., 0]


@dataclasses.dataclass
class TenantSession:
    tenant: str
    model: PilotDemand
    requests: int = 0


class DispatchService:
    def __init__(self, features=5, hidden=12):
        self.features = features
        self.hidden = hidden
        self.sessions: dict[str, TenantSession] = {}

    def open(self, tenant, seed):
        model = PilotDemand(self.features, self.hidden, rngs=nnx.Rngs(seed))
        model.eval()  # serving sessions only read the running statistics
        self.sessions[tenant] = TenantSession(tenant, model)
        return self.sessions[tenant]

    def forecast(self, tenant, windows):
        session = self.sessions[tenant]
        session.requests += 1

        def body(backlog, window):
            demand = self.sessions[tenant].model(window)
            backlog = jnp.maximum(backlog + demand - 2.0, 0.0)
            return backlog, backlog

        _, backlog = lax.scan(body, jnp.zeros(windows.shape[1]), windows)
        return backlog


def main():
    service = DispatchService()
    service.open("rotterdam", seed=0)
    service.open("antwerp", seed=1)
    windows = jax.random.normal(jax.random.key(4), (6, 3, 5))
    service.forecast("antwerp", windows)
    return None
