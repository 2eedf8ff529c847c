# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the tenant's model reaches the scan body through OccupancyService.sessions[tenant] -> TenantSession.forward, a jax.checkpoint wrapper of the session's predict method whose Dropout draws the model's own rngs
"""Parking garage operator: per-tenant occupancy forecasting service; each tenant session
samples hourly occupancy paths with a dropout-perturbed forecaster."""
import jax
import jax.numpy as jnp
from flax import nnx


class OccupancyModel(nnx.Module):
    def __init__(self, features, levels, rngs):
        self.hidden = nnx.Linear(features, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(32, levels, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.out(self.drop(nnx.relu(self.hidden(x)))))


class TenantSession:
    def __init__(self, tenant, model):
        self.tenant = tenant
        self.model = model
        self.forward = jax.checkpoint(self._predict)

    def _predict(self, features):
        return self.model(features)


class OccupancyService:
    def __init__(self, features, levels):
        self.features = features
        self.levels = levels
        self.sessions = {}

    def open_session(self, tenant, seed):
        model = OccupancyModel(self.features, self.levels, nnx.Rngs(params=seed, dropout=seed + 1))
        self.sessions[tenant] = TenantSession(tenant, model)
        return self.sessions[tenant]

    def sample_day(self, tenant, hourly_features):
        session = self.sessions[tenant]

        def hour(carry, features):
            return carry, session.forward(features)

        _, occupancy = jax.lax.scan(hour, None, hourly_features)
        return occupancy


def main():
    service = OccupancyService(features=6, levels=4)
    service.open_session("mall-north", seed=3)
    service.open_session("stadium", seed=9)
    hourly = jax.random.normal(jax.random.key(0), (24, 6))  # hours x calendar/weather features
    return service.sample_day("stadium", hourly)
