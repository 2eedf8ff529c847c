# label: ok
# flax-error: none
# class: 4 OccupancyHandler.adapt carries self.sessions[tenant].state through the scan and hands the hooks a model merged from the final carried state after the loop
"""Parking garage occupancy service with one model per tenant (garage operator).

Each tenant's model forecasts the occupancy of the next hour from the last readings of the
barrier counters. A nightly job adapts the per-tenant normalisation on the day's readings with a
raw scan over the hours; hooks observe the adapted model (metrics export, a serving cache).
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class OccupancyModel(nnx.Module):
    def __init__(self, n_inputs: int, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(n_inputs, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(n_inputs, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.sigmoid(self.out(self.norm(readings)))[..., 0]


class TenantSession:
    def __init__(self, model: OccupancyModel):
        self.graphdef, self.state = nnx.split(model)


class ServingSnapshotHook:
    """Keeps the latest adapted state per tenant for the request path."""

    def __init__(self):
        self.snapshots = {}

    def __call__(self, tenant, model):
        self.snapshots[tenant] = nnx.state(model)


class OccupancyHandler:
    def __init__(self, hooks):
        self.sessions = {}
        self.hooks = hooks

    def add_tenant(self, tenant, seed):
        self.sessions[tenant] = TenantSession(OccupancyModel(4, nnx.Rngs(seed)))

    def adapt(self, tenant, hourly_readings):
        session = self.sessions[tenant]

        def body(state, readings):
            model = nnx.merge(session.graphdef, state)
            model.train()
            occupancy = model(readings)
            return nnx.state(model), jnp.mean(occupancy)

        session.state, hourly = lax.scan(body, session.state, hourly_readings)
        adapted = nnx.merge(session.graphdef, session.state)
        for hook in self.hooks:
            hook(tenant, adapted)
        return hourly

    def forecast(self, snapshots: ServingSnapshotHook, tenant, readings):
        model = nnx.merge(self.sessions[tenant].graphdef, snapshots.snapshots[tenant])
        model.eval()
        return model(readings)


def main():
    snapshots = ServingSnapshotHook()
    handler = OccupancyHandler(hooks=[snapshots])
    handler.add_tenant("north_garage", seed=0)
    handler.add_tenant("airport_p3", seed=1)
    readings = jax.random.uniform(jax.random.key(2), (24, 16, 4), maxval=400.0)
    handler.adapt("airport_p3", readings)
    print("next hour", handler.forecast(snapshots, "airport_p3", readings[-1]))
    return None
