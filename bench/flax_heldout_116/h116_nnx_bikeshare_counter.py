# label: trace-context
# flax-error: TraceContextError: Cannot mutate DockReturns from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 DockRebalancer.returns is a DockReturns (nnx.Variable subclass) attribute; the fori_loop body of replay() adds each hour's predicted returns to it
"""Bike-share rebalancing: replays a day of hourly demand through the return
model and keeps a running tally of predicted dock returns per station."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DockReturns(nnx.Variable):
    """Running tally of predicted returns; exported to the rebalancing planner."""


class ReturnModel(nnx.Module):
    def __init__(self, stations, *, rngs: nnx.Rngs):
        self.flow = nnx.Linear(stations, stations, rngs=rngs)

    def __call__(self, demand):
        return nnx.relu(self.flow(demand))


class DockRebalancer:
    def __init__(self, model, stations):
        self.model = model
        self.returns = DockReturns(jnp.zeros((stations,)))

    def replay(self, hourly_demand):
        def body(hour, spilled):
            predicted = self.model(hourly_demand[hour])
            self.returns[...] = self.returns[...] + predicted
            return spilled + jnp.maximum(predicted - 10.0, 0.0).sum()

        return lax.fori_loop(0, hourly_demand.shape[0], body, jnp.zeros(()))

    def export(self):
        return {"returns": self.returns[...]}


def main():
    stations = 5
    demand = jax.random.uniform(jax.random.key(2), (24, stations), maxval=8.0)
    rebalancer = DockRebalancer(ReturnModel(stations, rngs=nnx.Rngs(0)), stations)
    rebalancer.replay(demand)
    rebalancer.export()
    return None
